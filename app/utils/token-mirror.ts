// Spec §3, §4: the signed-in tokens mirrored into local storage (MemberToken, StudentToken), and the
// window 'unauthorized' event: raised when the server reports a 401, and on it the user goes home.
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { STORAGE_KEYS } from '~/contract/constants'

export type Tokens = { memberToken: string | null; studentToken: string | null }
export const UNAUTHORIZED_EVENT = 'unauthorized'

export function useTokenMirror(tokens: Tokens, unauthorized: boolean) {
	const navigate = useNavigate()
	useEffect(() => {
		const mirror = (key: string, value: string | null) => (value ? localStorage.setItem(key, value) : localStorage.removeItem(key))
		mirror(STORAGE_KEYS.memberToken, tokens.memberToken)
		mirror(STORAGE_KEYS.studentToken, tokens.studentToken)
	}, [tokens.memberToken, tokens.studentToken])

	useEffect(() => {
		const onUnauthorized = () => {
			localStorage.removeItem(STORAGE_KEYS.memberToken)
			localStorage.removeItem(STORAGE_KEYS.studentToken)
			if (window.location.pathname !== '/') navigate('/', { state: { unauthorized: true } })
		}
		window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized)
		return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized)
	}, [navigate])

	useEffect(() => {
		if (unauthorized) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT))
	}, [unauthorized])
}
