// The event page's registration panel on the server: what the visitor sees (their registration when
// signed in, the event's availability when not) and what its buttons do.
import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from 'react-router'
import { ROLE_LOGIN } from '~/contract/constants'
import { PAYMENT_PAGES, REGISTRATION_PATHS, registrationIntentSchema, USE_BUTTONS, type Availability, type RegistrationState } from '~/contract/registrations'
import type { RegistrationPanel } from '~/utils/page-data'
import { callAs } from './accounts'
import { getRuntime } from './runtime'
import { getSession, redirectWithAlert, signedInRole } from './session'

/** Where a signed-out visitor signs in, to come back to this event. */
const loginPath = (login: string, iEventId: number) => `${login}?${new URLSearchParams({ redirectTo: PAYMENT_PAGES.event(iEventId) })}`

/**
 * The panel's data, or null when the API cannot say (an external API without registration):
 * the page then shows the event without it.
 */
export async function loadRegistrationPanel(request: Request, iEventId: number): Promise<RegistrationPanel | null> {
	const role = signedInRole(await getSession(request))
	const logins = { sLoginPath: loginPath(ROLE_LOGIN.member, iEventId), sStudentLoginPath: loginPath(ROLE_LOGIN.student, iEventId) }
	if (role) {
		const answer = await callAs<RegistrationState>(request, role, { path: REGISTRATION_PATHS.state(role, iEventId) })
		return answer.ok && answer.body.data ? { ...answer.body.data, role, ...logins } : null
	}
	const { callApi } = await getRuntime()
	const answer = await callApi<Availability>({ path: REGISTRATION_PATHS.availability(iEventId) })
	if (!answer.ok || !answer.body.data) return null
	return { oAvailability: answer.body.data, oFee: answer.body.data.oFee, oRegistration: null, role: null, ...logins }
}

const API_CALL = {
	register: { method: 'POST', path: REGISTRATION_PATHS.register },
	cancel: { method: 'POST', path: REGISTRATION_PATHS.cancel },
	retry: { method: 'POST', path: REGISTRATION_PATHS.retryPayment },
	'join-waiting-list': { method: 'POST', path: REGISTRATION_PATHS.waitingList },
	'leave-waiting-list': { method: 'DELETE', path: REGISTRATION_PATHS.waitingList },
} as const

/**
 * Register, cancel (after its confirmation step), pay again, or join or leave a full event's waiting list; then back to the event page with
 * what happened, or on to the payment's checkout page. A signed-out visitor is sent to sign in.
 */
export async function registrationAction(request: Request, iEventId: number) {
	const session = await getSession(request)
	const role = signedInRole(session)
	const eventPage = PAYMENT_PAGES.event(iEventId)
	if (!role) throw redirect(loginPath(ROLE_LOGIN.member, iEventId))
	const submission = parseWithZod(await request.formData(), { schema: registrationIntentSchema })
	if (submission.status !== 'success') return redirectWithAlert(session, eventPage, { kind: 'error', text: USE_BUTTONS })
	const { intent } = submission.value
	const call = API_CALL[intent]
	const answer = await callAs<RegistrationState>(request, role, { method: call.method, path: call.path(role, iEventId) })
	if (!answer.ok) return redirectWithAlert(session, eventPage, { kind: 'error', text: answer.body.message })
	const checkout = intent === 'register' || intent === 'retry' ? answer.body.data?.oRegistration?.oPayment?.sCheckoutPath : null
	if (checkout) return redirect(checkout)
	const leaving = intent === 'cancel' || intent === 'leave-waiting-list'
	return redirectWithAlert(session, `${eventPage}#registration`, { kind: leaving ? 'info' : 'success', text: answer.body.message })
}
