// The portal's one door to the API (the office has its own, app/.server/office-session.ts): who
// calls, set once per request in middleware, and pages call `context.get(…).api.<area>.<entry>(…)`.
// - visitorContext, for every page (app/root.tsx): the API as a visitor, and the signed-in
//   person's caller when a page asks for it (the session is read only then);
// - accountContext, for the member and student areas (app/routes/protected-area.tsx): the session,
//   the role and the API with the person's token, checked before any page of the area runs.
// Both carry the client's address (the API's per-client limits) and the 401 rule (docs/spec.md §4, §8).
import { createContext, type RouterContextProvider } from 'react-router'
import { MESSAGES, type Role } from '~/contract/constants'
import type { ApiAnswer } from './api-client'
import { requestInfoContext } from './context'
import { getRuntime } from './runtime'
import { endSignIn, getSession, redirectWithAlert, signedInRole, TOKEN_KEY, type PortalSession } from './session'
import { withUnauthorized } from './sign-in-rules'
import { typedApi, type TypedApi } from './typed-api'

export type AccountCaller = { session: PortalSession; role: Role; api: TypedApi }

export type VisitorCaller = {
	/** The API as a visitor: no token, so public answers may be reused (app/.server/api-client.ts). */
	api: TypedApi
	/** The one call outside the contract's table: the PUT of a picture to the address the API handed out (docs/spec.md §7). */
	putFile: (sUrl: string, body: FormData) => Promise<ApiAnswer<unknown>>
	/** The signed-in person (the member's sign-in first), or null. */
	signedIn: () => Promise<AccountCaller | null>
	/** The caller for `role`; without its token the 401 rule's redirect is thrown. */
	as: (role: Role) => Promise<AccountCaller>
}

export const visitorContext = createContext<VisitorCaller>()
export const accountContext = createContext<AccountCaller>()

/** Spec §4 and §8: any 401 clears both tokens and sends the visitor home with 'Authentication failed'. */
export async function authenticationFailed(session: PortalSession) {
	endSignIn(session)
	return redirectWithAlert(session, '/', { kind: 'error', text: MESSAGES.authenticationFailed })
}

async function accountCaller(request: Request, role: Role, clientAddress: string): Promise<AccountCaller> {
	const session = await getSession(request)
	const token = session.get(TOKEN_KEY[role])
	if (!token) throw await authenticationFailed(session)
	const { callApi } = await getRuntime()
	const call = withUnauthorized(callApi, () => authenticationFailed(session))
	return { session, role, api: typedApi(call, { role, token, clientAddress }) }
}

/** Root middleware: the visitor's caller for the request. It reads no session (a kept public page reads none). */
export async function setVisitor(request: Request, context: Readonly<RouterContextProvider>) {
	const { clientAddress } = context.get(requestInfoContext)
	const { callApi } = await getRuntime()
	context.set(visitorContext, {
		api: typedApi(callApi, { clientAddress }),
		putFile: (sUrl, body) => callApi({ method: 'PUT', path: sUrl, body, clientAddress }),
		as: (role) => accountCaller(request, role, clientAddress),
		signedIn: async () => {
			const role = signedInRole(await getSession(request))
			return role ? accountCaller(request, role, clientAddress) : null
		},
	})
}

/** The member and student areas' middleware, after the role's check: the person's caller for every page below. */
export async function setAccount(request: Request, context: Readonly<RouterContextProvider>, role: Role) {
	context.set(accountContext, await accountCaller(request, role, context.get(requestInfoContext).clientAddress))
}
