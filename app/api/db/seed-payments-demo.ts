// Demo payments, so /member/payments and its receipts show every status at once: two paid event
// fees (one online, one at the office), a refunded one, a failed one and an offline one waiting
// for the office; and one paid fee of the demo student. Written as the payment flow settles them:
// GST by gstFor, invoice numbers taken in the order the fees were paid. An account that already
// has payments (from the registration flow's own demo, seeded before this) is left as it is.
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { PaymentProvider, PaymentStatus } from '~/contract/payments'
import type { Billing } from '../dashboard'
import { takeInvoiceNumber } from '../payments/invoices'
import { gstFor } from '../payments/tax'
import type { Database } from './client'
import { accounts, eventRegistrations, events, payments } from './schema'
import { DEMO_MEMBER, DEMO_STUDENT } from './seed-accounts'

/** The configuration's defaults (BRANCH_STATE, GST_RATE_PERCENT, INVOICE_PREFIX): the demo branch's own. */
const DEMO_BILLING: Pick<Billing, 'stateCode' | 'gstRateBasisPoints' | 'invoicePrefix'> = { stateCode: 'MH', gstRateBasisPoints: 1800, invoicePrefix: 'SRB' }
const DAY_MS = 24 * 60 * 60 * 1000

type DemoPayment = { who: 'member' | 'student'; title: string; status: PaymentStatus; provider: PaymentProvider; daysBeforeEvent: number }

const DEMO_PAYMENTS: DemoPayment[] = [
	{ who: 'member', title: 'Seminar on the GST annual return (GSTR-9 and GSTR-9C)', status: 'paid', provider: 'sandbox', daysBeforeEvent: 12 },
	{ who: 'member', title: 'Regional conference on direct taxes', status: 'paid', provider: 'offline', daysBeforeEvent: 20 },
	{ who: 'member', title: 'Workshop on tax audit: Form 3CD clause by clause', status: 'refunded', provider: 'sandbox', daysBeforeEvent: 15 },
	{ who: 'member', title: 'Workshop on bank branch audit', status: 'failed', provider: 'sandbox', daysBeforeEvent: 30 },
	{ who: 'member', title: 'Seminar on the new Income-tax Act', status: 'pending', provider: 'offline', daysBeforeEvent: 10 },
	{ who: 'student', title: 'Seminar on forensic accounting and fraud detection', status: 'paid', provider: 'sandbox', daysBeforeEvent: 9 },
]

const REGISTRATION_STATUS = { paid: 'confirmed', pending: 'pending', failed: 'cancelled', refunded: 'cancelled' } as const

export async function seedPaymentsDemo(db: Database, billing = DEMO_BILLING, now = new Date()) {
	const people = await db
		.select()
		.from(accounts)
		.where(inArray(accounts.number, [DEMO_MEMBER.number, DEMO_STUDENT.number]))
	const member = people.find((a) => a.userType === 'M')
	const student = people.find((a) => a.userType === 'S')
	if (!member || !student) return
	const paying = await db
		.selectDistinct({ accountId: payments.accountId })
		.from(payments)
		.where(inArray(payments.accountId, [member.id, student.id]))
	const hasPayments = new Set(paying.map((row) => row.accountId))
	const eventRows = await db
		.select()
		.from(events)
		.where(inArray(events.title, DEMO_PAYMENTS.map((p) => p.title)))
	const planned = DEMO_PAYMENTS.flatMap((plan) => {
		const account = plan.who === 'member' ? member : student
		const event = eventRows.find((e) => e.title === plan.title)
		if (!event || hasPayments.has(account.id)) return []
		// Never in the future: a fee for an event weeks away was started a day or two ago.
		const at = new Date(Math.min(event.startsAt.getTime() - plan.daysBeforeEvent * DAY_MS, now.getTime() - plan.daysBeforeEvent * 3_600_000))
		return [{ ...plan, event, at, account }]
	}).sort((a, b) => a.at.getTime() - b.at.getTime())

	for (const [index, { event, account, status, provider, at }] of planned.entries()) {
		const [live] = await db
			.select({ id: eventRegistrations.id })
			.from(eventRegistrations)
			.where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.accountId, account.id), ne(eventRegistrations.status, 'cancelled')))
		const registrationId =
			live?.id ??
			(await db.insert(eventRegistrations).values({ eventId: event.id, accountId: account.id, status: REGISTRATION_STATUS[status], createdAt: at }).returning())[0]!.id
		const invoiced = status === 'paid' || status === 'refunded'
		await db.insert(payments).values({
			registrationId,
			accountId: account.id,
			provider,
			providerReference: `demo-${provider}-${index + 1}`,
			status,
			...gstFor(event.feePaise, { supplierState: billing.stateCode, buyerState: account.stateCode, rateBasisPoints: billing.gstRateBasisPoints }),
			buyerName: account.fullName,
			buyerStateCode: account.stateCode,
			buyerGstin: account.gstNumber,
			buyerFirmName: account.firmCompanyName,
			...(invoiced ? await takeInvoiceNumber(db, at, billing.invoicePrefix) : {}),
			createdAt: at,
			paidAt: invoiced ? at : null,
			failedAt: status === 'failed' ? at : null,
			refundedAt: status === 'refunded' ? new Date(at.getTime() + 2 * DAY_MS) : null,
		})
	}
}
