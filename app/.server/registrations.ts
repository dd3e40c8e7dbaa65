// The event page's registration panel on the server: what the visitor sees (their registration when
// signed in, the event's availability when not) and what its buttons do.
import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from 'react-router'
import { ROLE_LOGIN } from '~/contract/constants'
import { registrationIntentSchema, USE_BUTTONS, type RegistrationIntent } from '~/contract/registrations'
import { PAYMENT_PAGES } from '~/contract/registration-pages'
import { qrDrawing } from '~/contract/qr-drawing'
import type { RegistrationPanel, TicketWithQr } from '~/utils/page-data'
import { getConfig } from './config'
import type { VisitorCaller } from './caller'
import { redirectWithAlert } from './session'
import type { TypedApi } from './typed-api'

/** A confirmed registration's ticket with its QR code; null when the API has none (an event that has ended). */
export async function ticketWithQr(api: TypedApi, iRegistrationId: number): Promise<TicketWithQr | null> {
	const answer = await api.documents.tickets({})
	const ticket = answer.ok ? answer.data.find((one) => one.iRegistrationId === iRegistrationId) : undefined
	return ticket ? { iRegistrationId, sTicketCode: ticket.sTicketCode, oQr: qrDrawing(ticket.sTicketCode) } : null
}

/** Where a signed-out visitor signs in, to come back to this event. */
const loginPath = (login: string, iEventId: number) => `${login}?${new URLSearchParams({ redirectTo: PAYMENT_PAGES.event(iEventId) })}`

/**
 * The panel's data, or null when the API cannot say (an external API without registration):
 * the page then shows the event without it.
 */
export async function loadRegistrationPanel(visitor: VisitorCaller, iEventId: number): Promise<RegistrationPanel | null> {
	const account = await visitor.signedIn()
	const logins = {
		sLoginPath: loginPath(ROLE_LOGIN.member, iEventId),
		sStudentLoginPath: loginPath(ROLE_LOGIN.student, iEventId),
		bPaysAtDesk: getConfig().settings.payments.provider === 'offline',
	}
	if (account) {
		const { api, role } = account
		const answer = await api.registrations.state({ iEventId })
		if (!answer.ok) return null
		const registration = answer.data.oRegistration
		const oTicket = registration?.sStatus === 'confirmed' ? await ticketWithQr(api, registration.iRegistrationId) : null
		return { ...answer.data, role, ...logins, oTicket }
	}
	const answer = await visitor.api.registrations.availability({ iEventId })
	if (!answer.ok) return null
	return { oAvailability: answer.data, oFee: answer.data.oFee, oRegistration: null, role: null, ...logins }
}

/** The API call behind each of the panel's buttons. */
const STEP: Record<RegistrationIntent, 'register' | 'cancel' | 'retryPayment' | 'joinWaitingList' | 'leaveWaitingList'> = {
	register: 'register',
	cancel: 'cancel',
	retry: 'retryPayment',
	'join-waiting-list': 'joinWaitingList',
	'leave-waiting-list': 'leaveWaitingList',
}

/**
 * Register, cancel (after its confirmation step), pay again, or join or leave a full event's waiting list; then back to the event page with
 * what happened, or on to the payment's checkout page. A signed-out visitor is sent to sign in.
 */
export async function registrationAction(request: Request, visitor: VisitorCaller, iEventId: number) {
	const account = await visitor.signedIn()
	const eventPage = PAYMENT_PAGES.event(iEventId)
	if (!account) throw redirect(loginPath(ROLE_LOGIN.member, iEventId))
	const submission = parseWithZod(await request.formData(), { schema: registrationIntentSchema })
	if (submission.status !== 'success') return redirectWithAlert(account.session, eventPage, { kind: 'error', text: USE_BUTTONS })
	const { intent } = submission.value
	const answer = await account.api.registrations[STEP[intent]]({ iEventId })
	if (!answer.ok) return redirectWithAlert(account.session, eventPage, { kind: 'error', text: answer.message })
	const checkout = intent === 'register' || intent === 'retry' ? answer.data.oRegistration?.oPayment?.sCheckoutPath : null
	if (checkout) return redirect(checkout)
	const leaving = intent === 'cancel' || intent === 'leave-waiting-list'
	return redirectWithAlert(account.session, `${eventPage}#registration`, { kind: leaving ? 'info' : 'success', text: answer.message })
}
