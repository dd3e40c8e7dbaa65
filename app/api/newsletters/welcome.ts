// The welcome mails of one day (India time) go in one mailing, numbered by the day: however many
// subscribe, the queue holds one job for them (one running and one waiting at most), not a job
// each. The mail asks the new subscriber to confirm the address (double opt-in, decision 0040).
import { indiaCalendarDay } from '~/utils/kolkata-date'
import type { Database } from '../db/client'
import { queueMailing } from '../mailings/add-to-mailing'
import type { MailDeps } from '../env'

const DAY_MS = 24 * 60 * 60 * 1000

/** The welcome mailing's number for a moment: its day in India, counted from 1970-01-01. */
export const welcomeMailingDay = (moment: Date) => Date.parse(`${indiaCalendarDay(moment)}T00:00:00Z`) / DAY_MS
/** The day a welcome mailing is for, `YYYY-MM-DD`. */
export const dayOfWelcomeMailing = (subjectId: number) => new Date(subjectId * DAY_MS).toISOString().slice(0, 10)

/** Adds an unconfirmed subscriber to the day's welcome mailing; a second request on one day sends nothing more. */
export async function queueWelcome(db: Database, deps: MailDeps, subscription: { id: number; email: string; fullName: string }, now = new Date()) {
	const recipient = { email: subscription.email, name: subscription.fullName, details: { subscriptionId: subscription.id } }
	return queueMailing(db, deps, { kind: 'welcome', subjectId: welcomeMailingDay(now) }, [recipient])
}
