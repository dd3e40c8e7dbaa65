// The portal's side of accounts: the tokens in the session (a new session id at sign-in), the
// typed client for the signed-in person with the spec's 401 rule, the profile and reference data.
import { redirect } from 'react-router'
import { PROFILE_CALLS, type MemberProfileUpdate, type PROFILE_PICTURE_TYPES, type Profile, type StudentProfileUpdate } from '~/contract/accounts'
import { MESSAGES, type Role } from '~/contract/constants'
import { UnauthorizedError, type ApiClient } from './api-client'
import { visitorApi } from './public-api'
import { dataOf } from './replies'
import { getRuntime } from './runtime'
import { commitSession, endSignIn, getSession, getSessionStorage, redirectWithAlert, TOKEN_KEY, type PortalSession } from './session'
import { typedApi } from './typed-api'

type PictureType = (typeof PROFILE_PICTURE_TYPES)[number]


/** The API's public key (the client reuses it for the hour the API allows). */
export async function apiPublicKey() {
	const answer = await (await visitorApi()).accounts.publicKey({})
	if (!answer.ok) throw new Error('The API did not give its public key')
	return answer.data.sPublicKey
}

/** Signing in starts a new session (a new id: no fixation), holding only the role's token. */
export async function signIn(request: Request, role: Role, token: string, to: string, alert?: string) {
	const storage = await getSessionStorage()
	await storage.destroySession(await getSession(request))
	const session = await storage.getSession()
	session.set(TOKEN_KEY[role], token)
	session.set('lastSeenAt', Date.now())
	if (alert) return redirectWithAlert(session, to, { kind: 'success', text: alert })
	return redirect(to, { headers: { 'set-cookie': await commitSession(session) } })
}

/** Spec §4 and §8: any 401 clears both tokens and sends the visitor home with 'Authentication failed'. */
export async function authenticationFailed(session: PortalSession) {
	endSignIn(session)
	return redirectWithAlert(session, '/', { kind: 'error', text: MESSAGES.authenticationFailed })
}

/**
 * The typed client (app/.server/typed-api.ts) for the signed-in person, answers checked against the
 * contract. Spec §4 and §8: a 401 (or no token at all) throws the redirect of the 401 rule, so a
 * loader or action never has to handle it.
 */
export async function accountApi(request: Request, role: Role) {
	const session = await getSession(request)
	const token = session.get(TOKEN_KEY[role])
	if (!token) throw await authenticationFailed(session)
	const { callApi } = await getRuntime()
	const call = (async (input: Parameters<ApiClient>[0]) => {
		try {
			return await callApi(input)
		} catch (error) {
			if (error instanceof UnauthorizedError) throw await authenticationFailed(session)
			throw error
		}
	}) as ApiClient
	return typedApi(call, { role, token })
}

/** The signed-in person's profile (spec §4: fetched on load; a 401 ends the sign-in). */
export async function loadProfile(request: Request, role: Role): Promise<Profile> {
	const { accounts } = await accountApi(request, role)
	return dataOf<Profile>(await accounts[PROFILE_CALLS[role].details]({}))
}

/** Saves the profile form (checked by the role's schema in the action) with the role's own call. */
export async function updateProfile(request: Request, role: Role, form: Record<string, unknown>) {
	const { accounts } = await accountApi(request, role)
	return role === 'member' ? accounts.updateMemberProfile({ body: form as MemberProfileUpdate }) : accounts.updateStudentProfile({ body: form as StudentProfileUpdate })
}

export async function loadStates() {
	const answer = await (await visitorApi()).accounts.states({})
	return answer.ok ? answer.data : []
}

/** The names of a state's cities; none for a code that is not a state's. */
export async function loadCities(stateCode: unknown) {
	if (typeof stateCode !== 'string' || !/^[A-Z]{2}$/.test(stateCode)) return []
	const answer = await (await visitorApi()).accounts.cities({ sStateCode: stateCode })
	return answer.ok ? answer.data.map((city) => city.sName) : []
}

/**
 * A picture the form posted (field `file`) goes through the API's pre-signed flow (spec §7): ask for
 * an address, then PUT the file there as multipart/form-data. Answers the stored path, or the
 * message to show beside the field. Nothing happens when no file was chosen.
 */
export async function uploadPostedPicture(formData: FormData, clientAddress: string): Promise<{ sPath?: string; error?: string }> {
	const file = formData.get('file')
	formData.delete('file')
	if (!(file instanceof File) || file.size === 0) return {}
	const slot = await (await visitorApi(clientAddress)).accounts.preSignedUrl({ body: { sFileName: file.name || 'picture', sContentType: file.type as PictureType } })
	if (!slot.ok) return { error: slot.errors?.sContentType?.[0] ?? slot.message }
	const upload = new FormData()
	upload.set('file', file)
	// `sUrl` is an address the API hands out (spec §7), not a path of the contract: it is used as given.
	const { callApi } = await getRuntime()
	const stored = await callApi({ method: 'PUT', path: slot.data.sUrl, body: upload, clientAddress })
	return stored.ok ? { sPath: slot.data.sPath } : { error: stored.body.message }
}
