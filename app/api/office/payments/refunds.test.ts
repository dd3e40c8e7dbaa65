// Refunds as the office makes them: how the money went back is required, an attended registration's
// CPE hours stay or go as the office chooses (and the member's ledger shows it), the payer is
// mailed the credit note once through the real queue and SMTP sink, and bad input writes nothing.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ATTENDANCE_PATHS, cpeEndpoints } from '~/contract/cpe'
import { fillPath } from '~/contract/endpoint'
import { officePaymentEndpoints, REFUND_MESSAGES } from '~/contract/office/payments'
import { createAccountsApi, createTestAccount, createTestStaff } from '#tests/setup/accounts'
import { createTestPayment } from '#tests/setup/payments'
import { pdfText } from '#tests/setup/pdf'
import { HOUR, insertTestEvent } from '#tests/setup/registrations'
import { auditLog, creditNotes, eventRegistrations, mailings, payments } from '../../db/schema'
import { runMailing } from '../../mailings/mailings'
import { renderMail } from '../../mail-messages'

let harness: Awaited<ReturnType<typeof createAccountsApi>>
let token: string
beforeAll(async () => {
	harness = await createAccountsApi({ withMail: {} })
	token = (await createTestStaff(harness.db, undefined, 'accounts')).token
})
afterAll(() => harness.close())

const refund = (iPaymentId: number, body: Record<string, unknown>) =>
	harness.call(fillPath(officePaymentEndpoints.refund.path, { iPaymentId }), body, { token })
const eventually = (check: () => unknown) => expect.poll(check, { timeout: 20_000, interval: 100 })
const refundMails = (email: string) => harness.sink.for(email).filter((mail) => mail.subject.startsWith('Refund of'))

/** The hours the member's own ledger credits for one registration, and this year's total. */
async function ledgerHours(memberToken: string, registrationId: number) {
	const ledger = (await harness.call(cpeEndpoints.ledger.path, undefined, { token: memberToken })).body.data
	const years = ledger.aBlocks.flatMap(
		(block: { aYears: { nYear: number; oTotals: { nTotalHours: number }; aEntries: { iRegistrationId?: number; nHours: number }[] }[] }) => block.aYears,
	)
	const entries = years
		.flatMap((year: { aEntries: { iRegistrationId?: number; nHours: number }[] }) => year.aEntries)
		.filter((entry: { iRegistrationId?: number }) => entry.iRegistrationId === registrationId)
	const thisYear = years.find((year: { nYear: number }) => year.nYear === ledger.nCurrentYear)
	return { registration: entries.reduce((sum: number, entry: { nHours: number }) => sum + entry.nHours, 0), year: thisYear.oTotals.nTotalHours }
}

/** A member who paid for a six-hour seminar held yesterday and was marked present by the office. */
async function attendedPayment(fullName: string) {
	const member = await createTestAccount(harness.db, 'member', { fullName })
	const event = await insertTestEvent(harness.db, -26 * HOUR, { cpeHours: 6, title: `Seminar on ${fullName}'s refund` })
	const { payment, registration } = await createTestPayment(harness.db, member.account, { event })
	const marked = await harness.call(ATTENDANCE_PATHS.mark, { iEventId: event.id, aRegistrationIds: [registration.id] }, { token })
	expect(marked.status).toBe(200)
	return { member, event, payment, registration }
}

/** The credit note attached to a mail, as its PDF's text. */
async function attachedPdf(raw: string) {
	const part = /Content-Type: application\/pdf[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw)
	expect(part, 'a PDF attachment').not.toBeNull()
	return (await pdfText(Buffer.from(part![1]!.replace(/\s+/g, ''), 'base64'))).text
}

describe('an attended registration', () => {
	test('keeps its CPE hours when the office says so; the payer is mailed the credit note with the mode, reference and the hours kept', async () => {
		const { member, payment, registration } = await attendedPayment('Asha Kulkarni')
		expect(await ledgerHours(member.token, registration.id)).toEqual({ registration: 6, year: 6 })
		const details = await harness.call(fillPath(officePaymentEndpoints.details.path, { iPaymentId: payment.id }), undefined, { token })
		expect(details.body.data).toMatchObject({ nCpeHoursCredited: 6, sPayerName: 'Asha Kulkarni', oRefund: null })

		const answer = await refund(payment.id, { sMode: 'upi', sReference: 'UPI-RF-7781', sCpeHours: 'keep' })
		expect(answer.status).toBe(200)
		expect(answer.body.data).toMatchObject({ sStatus: 'refunded', sCpeChoice: 'kept' })
		expect(await ledgerHours(member.token, registration.id)).toEqual({ registration: 6, year: 6 })
		const [row] = await harness.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, registration.id))
		expect(row).toMatchObject({ status: 'cancelled', cpeKeptAfterRefund: true })
		const after = await harness.call(fillPath(officePaymentEndpoints.details.path, { iPaymentId: payment.id }), undefined, { token })
		expect(after.body.data.oRefund).toEqual({
			sMode: 'upi',
			sReference: 'UPI-RF-7781',
			sReason: 'Registration cancelled; fee refunded',
			sCpeChoice: 'kept',
			nCpeHours: 6,
		})
		const [audit] = await harness.db
			.select()
			.from(auditLog)
			.where(and(eq(auditLog.entity, 'payment'), eq(auditLog.entityId, String(payment.id)), eq(auditLog.action, 'refund')))
		expect(audit!.summary).toContain('Refunded by UPI, reference UPI-RF-7781')
		expect(audit!.summary).toContain('6 CPE hours kept')

		await eventually(() => refundMails(member.account.email).length).toBe(1)
		const [mail] = refundMails(member.account.email)
		const number = answer.body.data.sCreditNoteNumber
		expect(mail!.subject).toBe(`Refund of ₹1,180.00 for Seminar on Asha Kulkarni's refund: credit note ${number}`)
		for (const expected of [
			'Dear Asha Kulkarni,',
			'Refunded by: UPI, reference UPI-RF-7781',
			'You keep the 6 CPE hours',
			`Credit note ${number}, against tax invoice ${payment.invoiceNumber}, is attached.`,
		]) {
			expect(mail!.text).toContain(expected)
		}
		expect(mail!.raw).toMatch(/filename=credit-note-TST-C\d{4}-\d{5}\.pdf/)
		const pdf = await attachedPdf(mail!.raw)
		for (const expected of [`Credit note number: ${number}`, 'Refunded by', 'UPI, reference UPI-RF-7781', 'Total credited 1,180.00'])
			expect(pdf).toContain(expected)

		// The job run again (a restarted worker) sends nothing more: the delivery is marked sent.
		const [mailing] = await harness.db.select().from(mailings).where(eq(mailings.kind, 'refund'))
		expect(await runMailing(harness.db, harness.mail!, renderMail, mailing!.id)).toBe('done')
		expect(refundMails(member.account.email)).toHaveLength(1)
	})

	test('loses its CPE hours when the office withdraws them, and the mail says so', async () => {
		const { member, payment, registration } = await attendedPayment('Ravi Deshpande')
		expect(await ledgerHours(member.token, registration.id)).toEqual({ registration: 6, year: 6 })
		const answer = await refund(payment.id, { sMode: 'cash', sCpeHours: 'withdraw', sReason: 'Left before the first session' })
		expect(answer.status).toBe(200)
		expect(answer.body.data.sCpeChoice).toBe('withdrawn')
		expect(await ledgerHours(member.token, registration.id)).toEqual({ registration: 0, year: 0 })
		const [note] = await harness.db.select().from(creditNotes).where(eq(creditNotes.paymentId, payment.id))
		expect(note).toMatchObject({ refundMode: 'cash', refundReference: null, cpeHours: 6, cpeChoice: 'withdrawn', reason: 'Left before the first session' })

		await eventually(() => refundMails(member.account.email).length).toBe(1)
		const [mail] = refundMails(member.account.email)
		expect(mail!.text).toContain('Refunded by: Cash')
		expect(mail!.text).toContain('The 6 CPE hours credited for this event have been withdrawn from your CPE record.')
		expect(mail!.text).toContain('Reason: Left before the first session')
	})

	test('is not refunded without the choice: a 400 beside the field, and nothing written', async () => {
		const { member, payment, registration } = await attendedPayment('Meera Joshi')
		const answer = await refund(payment.id, { sMode: 'upi', sReference: 'UPI-1' })
		expect(answer.status).toBe(400)
		expect(answer.body.errors).toEqual({ sCpeHours: [REFUND_MESSAGES.cpeChoiceMissing] })
		await expectUntouched(payment.id, registration.id)
		expect(await ledgerHours(member.token, registration.id)).toEqual({ registration: 6, year: 6 })
	})
})

/** A refused refund left the payment paid, the registration confirmed, and no credit note, audit entry or mail behind. */
async function expectUntouched(paymentId: number, registrationId: number) {
	const [payment] = await harness.db.select().from(payments).where(eq(payments.id, paymentId))
	expect(payment).toMatchObject({ status: 'paid', refundedAt: null })
	const [registration] = await harness.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, registrationId))
	expect(registration).toMatchObject({ status: 'confirmed', cpeKeptAfterRefund: false })
	expect(await harness.db.select().from(creditNotes).where(eq(creditNotes.paymentId, paymentId))).toHaveLength(0)
	expect(
		await harness.db
			.select()
			.from(auditLog)
			.where(and(eq(auditLog.action, 'refund'), eq(auditLog.entityId, String(paymentId)))),
	).toHaveLength(0)
}

describe('bad input', () => {
	test('a refund without its mode (the old payload), or a non-cash one without a reference, is a 400 that names the field', async () => {
		const { account } = await createTestAccount(harness.db, 'member')
		const { payment, registration } = await createTestPayment(harness.db, account)
		const cases: [Record<string, unknown>, Record<string, string[]>][] = [
			[{ sReason: 'Asked for it' }, { sMode: [REFUND_MESSAGES.modeMissing] }],
			[{ sMode: 'gold coins' }, { sMode: [REFUND_MESSAGES.modeMissing] }],
			[{ sMode: 'cheque', sReference: '   ' }, { sReference: [REFUND_MESSAGES.referenceMissing] }],
			[{ sMode: 'card', sReference: 'x'.repeat(61) }, { sReference: ['Reference can be at most 60 characters'] }],
			[{ sMode: 'cash', sCpeHours: 'maybe' }, { sCpeHours: [REFUND_MESSAGES.cpeChoiceMissing] }],
		]
		for (const [body, errors] of cases) {
			const answer = await refund(payment.id, body)
			expect(answer.status, JSON.stringify(body)).toBe(400)
			expect(answer.body.message).toBe('Please correct the highlighted fields.')
			expect(answer.body.errors).toEqual(errors)
		}
		await expectUntouched(payment.id, registration.id)
		expect(refundMails(account.email)).toHaveLength(0)
	})

	test('a registration with no hours needs no choice; cash needs no reference', async () => {
		const { account } = await createTestAccount(harness.db, 'member')
		const { payment } = await createTestPayment(harness.db, account)
		const answer = await refund(payment.id, { sMode: 'cash' })
		expect(answer.status).toBe(200)
		expect(answer.body.data.sCpeChoice).toBeNull()
		await eventually(() => refundMails(account.email).length).toBe(1)
		expect(refundMails(account.email)[0]!.text).not.toContain('CPE')
	})
})
