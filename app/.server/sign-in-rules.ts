// What both sign-ins (members' and students' accounts, the office) do alike: the API's 401 ends
// the sign-in wherever a call is made, and a redirect carries an alert for the next page.
import { randomUUID } from 'node:crypto'
import { redirect, type Session } from 'react-router'
import type { Alert } from '~/utils/page-data'
import { UnauthorizedError, type ApiClient } from './api-client'

/**
 * The client with the 401 rule: a 401 (a revoked or expired token) throws the answer `ended`
 * gives (the sign-in ended, a redirect), so no loader or action ever handles it itself.
 */
export function withUnauthorized(call: ApiClient, ended: () => Promise<Response>): ApiClient {
	return (async (input: Parameters<ApiClient>[0]) => {
		try {
			return await call(input)
		} catch (error) {
			if (error instanceof UnauthorizedError) throw await ended()
			throw error
		}
	}) as ApiClient
}

export type AlertInput = Omit<Alert, 'id' | 'variant'> & Partial<Pick<Alert, 'variant'>>
/** Keeps the alert for the next page (in the session, or elsewhere) and answers the set-cookie header that carries it. */
export type KeepAlert<S> = (session: S, alert: Alert) => Promise<string>

/** Sends the person on to `to` with an alert that the next page's layout shows. */
export async function redirectWithAlert<S>(session: S, to: string, alert: AlertInput, keep: KeepAlert<S>) {
	const full: Alert = { id: randomUUID(), variant: 'alert', ...alert }
	return redirect(to, { headers: { 'set-cookie': await keep(session, full) } })
}

/** The usual way to keep it: flashed in the session, which `commit` writes back. */
export const flashed =
	<S extends Session<object, { alert: Alert }>>(commit: (session: S) => Promise<string>): KeepAlert<S> =>
	async (session, alert) => {
		session.flash('alert', alert)
		return commit(session)
	}
