// Spec §3: the signed-in tokens mirrored into local storage (MemberToken, StudentToken); the server
// session stays the authority. Plain DOM code: the hydrated pages and the island both use it.
import { STORAGE_KEYS } from '~/contract/constants'

export type Tokens = { memberToken: string | null; studentToken: string | null }
export const SIGNED_OUT: Tokens = { memberToken: null, studentToken: null }

export function mirrorTokens(tokens: Tokens) {
	const mirror = (key: string, value: string | null) => (value ? localStorage.setItem(key, value) : localStorage.removeItem(key))
	mirror(STORAGE_KEYS.memberToken, tokens.memberToken)
	mirror(STORAGE_KEYS.studentToken, tokens.studentToken)
}
