// What the job queue does once a minute: queue the reminders that are due, settle online payments
// Razorpay took without the portal hearing of it and release lapsed seat holds, then pass lapsed
// waiting-list offers and freed seats on, and mail the certificates of events that ended (and their
// corrections). `now` is given, so tests can run it at any moment they choose.
import type { Database } from './db/client'
import { queueCertificates } from './documents/certificate-mail'
import { queueDueReminders } from './registrations/reminders'
import { reconcileOnlinePayments, releaseLapsedHolds, type OnlineDeps } from './registrations/online-checkout'
import { passOnLapsedOffers } from './registrations/waiting-list'
import type { MailDeps } from './env'

/** `online` when the branch takes payments through Razorpay. */
export async function runTick(db: Database, mail: MailDeps, now: Date, online?: OnlineDeps) {
	const reminders = await queueDueReminders(db, mail, now)
	// Before the seats are counted for the waiting list: a seat paid for is not freed.
	const payments = online ? await reconcileOnlinePayments(db, online, now) : { lapsed: await releaseLapsedHolds(db, now) }
	const lapsedOffers = await passOnLapsedOffers(db, mail, now)
	const certificates = await queueCertificates(db, mail, now)
	return { reminders, payments, lapsedOffers, certificates }
}
