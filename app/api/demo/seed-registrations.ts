// The demo accounts' event registrations (docs/features.md "Demo content"). The member: paid past events with
// tax invoices (one after a failed first attempt), one refunded, a free past event, an upcoming paid
// event waiting for payment at the office, an upcoming free event. The student: one paid event.
// Attendance is left to the CPE seeder.
import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm'
import type { PaymentProvider } from '~/contract/payments'
import type { Billing } from '../branch-settings'
import { takeInvoiceNumber } from '../payments/invoices'
import { refundPayment } from '../payments/refund'
import { paymentProvider } from '../payments/providers'
import { gstFor } from '../payments/tax'
import type { Database } from '../db/client'
import { accounts, eventRegistrations, events, payments } from '../db/schema'
import { DEMO_MEMBER, DEMO_STUDENT } from './seed-accounts'

const DAY_MS = 86_400_000

/** What the seed needs of the billing configuration; by default the demo branch's (config.ts defaults). */
export type SeedBilling = Pick<Billing, 'stateCode' | 'gstRateBasisPoints' | 'invoicePrefix'>
export const DEMO_BILLING: SeedBilling = { stateCode: 'MH', gstRateBasisPoints: 1800, invoicePrefix: 'SRB' }

type Event = typeof events.$inferSelect
type Account = typeof accounts.$inferSelect
/** `paid-after-failure`: a first sandbox attempt failed, the retry went through (the page shows both). */
type Outcome = 'paid' | 'paid-after-failure' | 'refunded' | 'offline-pending' | 'free'

export async function seedRegistrations(db: Database, billing: SeedBilling = DEMO_BILLING, now = new Date()) {
	const people = await db
		.select()
		.from(accounts)
		.where(inArray(accounts.number, [DEMO_MEMBER.number, DEMO_STUDENT.number]))
	const member = people.find((account) => account.userType === 'M' && account.number === DEMO_MEMBER.number)
	const student = people.find((account) => account.userType === 'S' && account.number === DEMO_STUDENT.number)
	if (!member || !student) return
	const byStart = [asc(events.startsAt)]
	const pastPaid = await db
		.select()
		.from(events)
		.where(and(lt(events.endsAt, now), gt(events.feePaise, 0)))
		.orderBy(...byStart)
	const pastFree = await db
		.select()
		.from(events)
		.where(and(lt(events.endsAt, now), eq(events.feePaise, 0)))
		.orderBy(...byStart)
	const upcomingPaid = await db
		.select()
		.from(events)
		.where(and(gt(events.startsAt, now), gt(events.feePaise, 0)))
		.orderBy(...byStart)
	const upcomingFree = await db
		.select()
		.from(events)
		.where(and(gt(events.startsAt, now), eq(events.feePaise, 0)))
		.orderBy(...byStart)
	const plan: [Account, Event | undefined, Outcome][] = [
		[member, pastPaid[0], 'paid'],
		[member, pastPaid[1], 'paid-after-failure'],
		[member, pastPaid[2], 'refunded'],
		[member, pastPaid.at(-1), 'paid'],
		[member, pastFree[0], 'free'],
		[member, upcomingPaid[0], 'offline-pending'],
		[member, upcomingFree[0], 'free'],
		[student, pastPaid[1], 'paid'],
	]
	const seen = new Set<string>()
	// In order of time, so invoice numbers follow the payment dates.
	for (const [account, event, outcome] of plan.sort(([, a], [, b]) => (a?.startsAt.getTime() ?? 0) - (b?.startsAt.getTime() ?? 0))) {
		if (!event || seen.has(`${account.id}:${event.id}`)) continue
		seen.add(`${account.id}:${event.id}`)
		const registeredAt = new Date(Math.min(event.startsAt.getTime() - 12 * DAY_MS, now.getTime() - DAY_MS))
		const [registration] = await db
			.insert(eventRegistrations)
			.values({
				eventId: event.id,
				accountId: account.id,
				status: outcome === 'offline-pending' ? 'pending' : outcome === 'refunded' ? 'cancelled' : 'confirmed',
				createdAt: registeredAt,
				cancelledAt: outcome === 'refunded' ? new Date(event.startsAt.getTime() - 5 * DAY_MS) : null,
			})
			.returning()
		if (outcome === 'free') continue
		const payment = (provider: PaymentProvider) => ({
			registrationId: registration!.id,
			accountId: account.id,
			provider,
			providerReference: paymentProvider(provider).newReference(billing.invoicePrefix),
			...gstFor(event.feePaise, { supplierState: billing.stateCode, buyerState: account.stateCode, rateBasisPoints: billing.gstRateBasisPoints }),
			buyerName: account.fullName,
			buyerStateCode: account.stateCode,
			buyerGstin: account.gstNumber,
			buyerFirmName: account.firmCompanyName,
			createdAt: registeredAt,
		})
		if (outcome === 'offline-pending') {
			await db.insert(payments).values(payment('offline'))
			continue
		}
		if (outcome === 'paid-after-failure') {
			await db.insert(payments).values({ ...payment('sandbox'), status: 'failed', failedAt: new Date(registeredAt.getTime() + 5 * 60_000) })
		}
		const paidAt = new Date(registeredAt.getTime() + 20 * 60_000)
		const [paid] = await db
			.insert(payments)
			.values({ ...payment('sandbox'), status: 'paid', paidAt, ...(await takeInvoiceNumber(db, paidAt, billing.invoicePrefix)) })
			.returning()
		// Refunded as the office would: with a credit note against the invoice.
		if (outcome === 'refunded') {
			await refundPayment(db, {
				paymentId: paid!.id,
				settledBy: null,
				reason: 'Could not attend; fee refunded on request',
				invoicePrefix: billing.invoicePrefix,
				refund: { mode: 'card', reference: `RFND-${paid!.id}` },
				at: registration!.cancelledAt!,
			})
		}
	}
}
