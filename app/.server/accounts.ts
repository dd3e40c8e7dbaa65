// The portal's side of accounts: passwords encrypted for the API, the tokens in the session
// (a new session id at sign-in), and the spec's 401 rule for every signed-in call.
import { constants, publicEncrypt } from 'node:crypto'
import { redirect } from 'react-router'
import { ACCOUNT_PATHS, PASSWORD_FIELDS, type CityRef, type PreSignedUpload, type Profile, type StateRef } from '~/contract/accounts'
import { MESSAGES, type Role } from '~/contract/constants'
import { UnauthorizedError, type ApiCall, type ApiClient } from './api-client'
import { getRuntime } from './runtime'
import { commitSession, endSignIn, getSession, getSessionStorage, redirectWithAlert, type PortalSession } from './session'
import { typedApi } from './typed-api'

export const TOKEN_KEY = { member: 'memberToken', student: 'studentToken' } as const satisfies Record<Role, string>

/** RSA-OAEP (SHA-256) with the API's public key, base64: what every password field carries to the API. */
export function encryptText(publicKeyPem: string, text: string) {
	return publicEncrypt({ key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(text, 'utf8')).toString('base64')
}

export function encryptPasswords<T extends Record<string, unknown>>(publicKeyPem: string, form: T): T {
	const copy: Record<string, unknown> = { ...form }
	for (const field of PASSWORD_FIELDS) {
		if (typeof copy[field] === 'string') copy[field] = encryptText(publicKeyPem, copy[field])
	}
	return copy as T
}

/** The API's public key (the client reuses it for the hour the API allows). */
export async function apiPublicKey() {
	const { callApi } = await getRuntime()
	const answer = await callApi<{ sPublicKey: string }>({ path: ACCOUNT_PATHS.publicKey })
	if (!answer.ok || !answer.body.data) throw new Error('The API did not give its public key')
	return answer.body.data.sPublicKey
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
 * A call with the signed-in role's token. A 401 (or no token at all) throws the redirect of the
 * 401 rule, so a loader or action never has to handle it.
 */
export async function callAs<T>(request: Request, role: Role, call: Omit<ApiCall, 'role' | 'token'>) {
	const session = await getSession(request)
	const token = session.get(TOKEN_KEY[role])
	if (!token) throw await authenticationFailed(session)
	const { callApi } = await getRuntime()
	try {
		return await callApi<T>({ ...call, role, token })
	} catch (error) {
		if (error instanceof UnauthorizedError) throw await authenticationFailed(session)
		throw error
	}
}

/**
 * The typed client (app/.server/typed-api.ts) for the signed-in person, answers checked against the
 * contract; a 401 (or no token) throws the 401 rule's redirect, as callAs does.
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

export const loadProfile = <P extends Profile>(request: Request, role: Role) => callAs<P>(request, role, { path: ACCOUNT_PATHS.details(role) })

export async function loadStates() {
	const { callApi } = await getRuntime()
	const answer = await callApi<StateRef[]>({ path: ACCOUNT_PATHS.states })
	return answer.body.data ?? []
}

export async function loadCities(stateCode: unknown) {
	if (typeof stateCode !== 'string' || !/^[A-Z]{2}$/.test(stateCode)) return []
	const { callApi } = await getRuntime()
	const answer = await callApi<CityRef[]>({ path: ACCOUNT_PATHS.cities(stateCode) })
	return (answer.body.data ?? []).map((city) => city.sName)
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
	const { callApi } = await getRuntime()
	const slot = await callApi<PreSignedUpload>({
		method: 'POST',
		path: ACCOUNT_PATHS.preSignedUrl,
		body: { sFileName: file.name || 'picture', sContentType: file.type },
		clientAddress,
	})
	if (!slot.ok || !slot.body.data) return { error: slot.body.errors?.sContentType?.[0] ?? slot.body.message }
	const upload = new FormData()
	upload.set('file', file)
	const stored = await callApi({ method: 'PUT', path: slot.body.data.sUrl, body: upload, clientAddress })
	return stored.ok ? { sPath: slot.body.data.sPath } : { error: stored.body.message }
}
