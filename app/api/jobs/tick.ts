// What the job queue does once a minute: queue the reminders that are due, pass lapsed
// waiting-list offers on, and mail the certificates of events that ended (and their corrections). `now` is given, so tests can run it at any moment they choose.
import type { Database } from '../db/client'
import { queueCertificates } from '../documents/certificate-mail'
import { queueDueReminders } from '../mail/reminders'
import type { MailDeps } from '../mail/mailings'
import { passOnLapsedOffers } from '../registrations/waiting-list'

export async function runTick(db: Database, mail: MailDeps, now: Date) {
	const reminders = await queueDueReminders(db, mail, now)
	const lapsedOffers = await passOnLapsedOffers(db, mail, now)
	const certificates = await queueCertificates(db, mail, now)
	return { reminders, lapsedOffers, certificates }
}
