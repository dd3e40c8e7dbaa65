// Spec §3, §4: the signed-in tokens mirrored into local storage (MemberToken, StudentToken), and the
// window 'unauthorized' event: raised when the server reports a 401, and on it the user goes home.
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { mirrorTokens, SIGNED_OUT, type Tokens } from './token-storage'

export const UNAUTHORIZED_EVENT = 'unauthorized'

export function useTokenMirror(tokens: Tokens, unauthorized: boolean) {
	const navigate = useNavigate()
	useEffect(() => mirrorTokens({ memberToken: tokens.memberToken, studentToken: tokens.studentToken }), [tokens.memberToken, tokens.studentToken])

	useEffect(() => {
		const onUnauthorized = () => {
			mirrorTokens(SIGNED_OUT)
			if (window.location.pathname !== '/') navigate('/', { state: { unauthorized: true } })
		}
		window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized)
		return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized)
	}, [navigate])

	useEffect(() => {
		if (unauthorized) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT))
	}, [unauthorized])
}
