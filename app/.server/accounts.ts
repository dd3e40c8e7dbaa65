// The portal's side of accounts: the tokens in the session (a new session id at sign-in), the
// profile and reference data, read through the request's caller (app/.server/caller.ts).
import { redirect } from 'react-router'
import { PROFILE_CALLS, type MemberProfileUpdate, type PROFILE_PICTURE_TYPES, type Profile, type StudentProfileUpdate } from '~/contract/accounts'
import type { Role } from '~/contract/constants'
import type { AccountCaller, VisitorCaller } from './caller'
import { dataOf } from './replies'
import { commitSession, getSession, getSessionStorage, redirectWithAlert, TOKEN_KEY } from './session'
import type { TypedApi } from './typed-api'

type PictureType = (typeof PROFILE_PICTURE_TYPES)[number]

/**
 * The API's public key (the client reuses it for the hour the API allows). The office pages, not
 * yet on a caller context of their own, ask without an `api`.
 */
export async function apiPublicKey(api: TypedApi) {
	const answer = await api.accounts.publicKey({})
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

/** The signed-in person's profile (docs/spec.md §4: fetched on load; a 401 ends the sign-in). */
export async function loadProfile({ api, role }: AccountCaller): Promise<Profile> {
	return dataOf<Profile>(await api.accounts[PROFILE_CALLS[role].details]({}))
}

/** Saves the profile form (checked by the role's schema in the action) with the role's own call. */
export async function updateProfile({ api: { accounts }, role }: AccountCaller, form: Record<string, unknown>) {
	return role === 'member'
		? accounts.updateMemberProfile({ body: form as MemberProfileUpdate })
		: accounts.updateStudentProfile({ body: form as StudentProfileUpdate })
}

export async function loadStates(api: TypedApi) {
	const answer = await api.accounts.states({})
	return answer.ok ? answer.data : []
}

/** The names of a state's cities; none for a code that is not a state's. */
export async function loadCities(api: TypedApi, stateCode: unknown) {
	if (typeof stateCode !== 'string' || !/^[A-Z]{2}$/.test(stateCode)) return []
	const answer = await api.accounts.cities({ sStateCode: stateCode })
	return answer.ok ? answer.data.map((city) => city.sName) : []
}

/**
 * A picture the form posted (field `file`) goes through the API's pre-signed flow (docs/spec.md §7): ask for
 * an address, then PUT the file there as multipart/form-data. Answers the stored path, or the
 * message to show beside the field. Nothing happens when no file was chosen.
 */
export async function uploadPostedPicture(formData: FormData, { api, putFile }: VisitorCaller): Promise<{ sPath?: string; error?: string }> {
	const file = formData.get('file')
	formData.delete('file')
	if (!(file instanceof File) || file.size === 0) return {}
	const slot = await api.accounts.preSignedUrl({ body: { sFileName: file.name || 'picture', sContentType: file.type as PictureType } })
	if (!slot.ok) return { error: slot.errors?.sContentType?.[0] ?? slot.message }
	const upload = new FormData()
	upload.set('file', file)
	// `sUrl` is an address the API hands out (docs/spec.md §7), not a path of the contract: it is used as given.
	const stored = await putFile(slot.data.sUrl, upload)
	return stored.ok ? { sPath: slot.data.sPath } : { error: stored.body.message }
}
