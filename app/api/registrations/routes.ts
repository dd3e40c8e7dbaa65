// Event registration calls (contract: app/contract/registrations.ts): for members and students
// under their role's prefix, like the account calls; the public availability of an event.
import { Hono } from 'hono'
import type { Role } from '~/contract/constants'
import { REGISTRATION_MESSAGES, REGISTRATION_PATHS, type RegistrationState } from '~/contract/registrations'
import type { ApiEnv } from '../app'
import { requireAccount } from '../accounts/service'
import { branchSettings } from '../branch-settings'
import { ok, readRecordId } from '../http'
import { cancel, eventAvailability, joinWaitingListOf, register, registrationState, retryPayment } from './service'
import { leaveWaitingList, offerFreedSeats } from './waiting-list'
import { paymentRoutes } from './payment-routes'

const eventId = (c: Parameters<typeof readRecordId>[0]) => readRecordId(c, 'iEventId', REGISTRATION_MESSAGES.notFound)

/** What the person sees next after registering: confirmed, or the payment's next step. */
function registeredMessage(state: RegistrationState) {
	const payment = state.oRegistration?.oPayment
	if (!payment) return REGISTRATION_MESSAGES.registered
	return payment.sProvider === 'offline' ? REGISTRATION_MESSAGES.offlinePending : REGISTRATION_MESSAGES.paymentStarted
}

function personRoutes(role: Role) {
	return new Hono<ApiEnv>()
		.get(REGISTRATION_PATHS.state(role, ':iEventId'), async (c) => {
			const { account } = await requireAccount(c, role)
			const state = await registrationState(c.get('deps').db, account, eventId(c), branchSettings(c).billing)
			c.header('Cache-Control', 'private, no-store')
			return ok(c, 'Registration', state)
		})
		.post(REGISTRATION_PATHS.register(role, ':iEventId'), async (c) => {
			const { account } = await requireAccount(c, role)
			const state = await register(c.get('deps').db, account, eventId(c), branchSettings(c))
			return ok(c, registeredMessage(state), state, 201)
		})
		.post(REGISTRATION_PATHS.cancel(role, ':iEventId'), async (c) => {
			const { account } = await requireAccount(c, role)
			const { db, mail } = c.get('deps')
			await cancel(db, account, eventId(c), branchSettings(c).billing)
			// The freed seat goes to the first on the waiting list, if anyone waits.
			await offerFreedSeats(db, mail, eventId(c))
			return ok(c, REGISTRATION_MESSAGES.cancelled, await registrationState(db, account, eventId(c), branchSettings(c).billing))
		})
		.post(REGISTRATION_PATHS.waitingList(role, ':iEventId'), async (c) => {
			const { account } = await requireAccount(c, role)
			const state = await joinWaitingListOf(c.get('deps').db, account, eventId(c), branchSettings(c).billing)
			return ok(c, REGISTRATION_MESSAGES.joinedWaitingList, state, 201)
		})
		.delete(REGISTRATION_PATHS.waitingList(role, ':iEventId'), async (c) => {
			const { account } = await requireAccount(c, role)
			const { db, mail } = c.get('deps')
			await leaveWaitingList(db, mail, eventId(c), account.id)
			return ok(c, REGISTRATION_MESSAGES.leftWaitingList, await registrationState(db, account, eventId(c), branchSettings(c).billing))
		})
		.post(REGISTRATION_PATHS.retryPayment(role, ':iEventId'), async (c) => {
			const { account } = await requireAccount(c, role)
			const state = await retryPayment(c.get('deps').db, account, eventId(c), branchSettings(c))
			return ok(c, registeredMessage(state), state, 201)
		})
}

export const registrationRoutes = new Hono<ApiEnv>()
	.get(REGISTRATION_PATHS.availability(':iEventId'), async (c) => {
		const availability = await eventAvailability(c.get('deps').db, eventId(c), branchSettings(c).billing)
		// Seats change with every registration: never reused.
		c.header('Cache-Control', 'no-store')
		return ok(c, 'Availability', availability)
	})
	.route('/', personRoutes('member'))
	.route('/', personRoutes('student'))
	.route('/', paymentRoutes)
