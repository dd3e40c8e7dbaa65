// The mails that tell a member what happened, through the real job queue and SMTP sink: the
// registration received (what to pay and where), the paid fee with its tax invoice attached, the
// ticket with the mail that confirms the seat, the event moved or cancelled, and the office's own
// message to an event's people. Each goes once.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { documentEndpoints } from '~/contract/documents'
import { fillPath } from '~/contract/endpoint'
import { officeEventEndpoints } from '~/contract/office/events'
import { officePaymentEndpoints } from '~/contract/office/payments'
import { officeRegistrantMailEndpoints, REGISTRANT_MAIL_MESSAGES } from '~/contract/office/registrant-mail'
import { REGISTRATION_PATHS } from '~/contract/registrations'
import { createAccountsApi, createTestAccount, createTestStaff, TEST_SETTINGS } from '#tests/setup/accounts'
import { pdfText } from '#tests/setup/pdf'
import { DAY, HOUR, insertTestEvent } from '#tests/setup/registrations'
import { closedAccountValues } from '../accounts/closure'
import { accounts, eventRegistrations, mailings } from '../db/schema'
import { laneOf } from './lanes'

let harness: Awaited<ReturnType<typeof createAccountsApi>>
let accountsToken: string
let editorToken: string
beforeAll(async () => {
	// Paid at the branch desk, as a live branch does: the readable reference goes in the mail.
	harness = await createAccountsApi({ withMail: {}, settings: { ...TEST_SETTINGS, payments: { ...TEST_SETTINGS.payments, provider: 'offline' } } })
	accountsToken = (await createTestStaff(harness.db, 'accounts.clerk', 'accounts')).token
	editorToken = (await createTestStaff(harness.db, 'the.editor', 'editor')).token
})
afterAll(() => harness.close())

const eventually = (check: () => unknown) => expect.poll(check, { timeout: 20_000, interval: 100 })
const mailsTo = (email: string, subject: RegExp) => harness.sink.for(email).filter((mail) => subject.test(mail.subject))
const member = () => createTestAccount(harness.db, 'member')
const register = (eventId: number, token: string) => harness.call(REGISTRATION_PATHS.register('member', eventId), {}, { token })
type SinkMail = ReturnType<typeof harness.sink.for>[number]
/** The PDF attached to a mail under a file name matching `name` (nodemailer's base64 part), or null. */
function pdfAttachment(mail: SinkMail, name: string) {
	const part = new RegExp(
		`Content-Type: application/pdf; name=(${name})\\r?\\nContent-Transfer-Encoding: base64\\r?\\nContent-Disposition: attachment; filename=\\1\\r?\\n\\r?\\n([A-Za-z0-9+/=\\r\\n]+)`,
	).exec(mail.raw)
	return part && Buffer.from(part[2]!.replace(/\s/g, ''), 'base64')
}
/** The member's ticket code for an event, as their dashboard shows it. */
async function ticketCodeFor(token: string, eventId: number) {
	const tickets = await harness.call(fillPath(documentEndpoints.tickets.path, { role: 'member' }), undefined, { token })
	return (tickets.body.data as { iEventId: number; sTicketCode: string }[]).find((ticket) => ticket.iEventId === eventId)!.sTicketCode
}
/** Queues every mailing's job again, as a retry would: nothing more may go out. */
async function rerunAllMailings() {
	for (const { id, kind } of await harness.db.select({ id: mailings.id, kind: mailings.kind }).from(mailings))
		await harness.mail!.jobs.sendMailing(id, laneOf(kind))
}

describe('registration received', () => {
	test('a paid event: the fee, the branch desk and the readable reference, how to cancel; once, even when the job runs again', async () => {
		const event = await insertTestEvent(harness.db, 5 * DAY, { title: 'Seminar on GST returns' })
		const person = await member()
		const registered = await register(event.id, person.token)
		expect(registered.status).toBe(201)
		const reference = registered.body.data.oRegistration.oPayment.sReference as string
		expect(reference).toMatch(/^TST-[0-9A-Z]{4}-[0-9A-Z]{4}$/)
		await eventually(() => mailsTo(person.account.email, /^Registration received: Seminar on GST returns$/).length).toBe(1)
		const [mail] = mailsTo(person.account.email, /^Registration received/)
		expect(mail!.text).toContain('Dear Test Person')
		expect(mail!.text).toContain('Where: Accountants’ Bhavan, 14 Tilak Road, Pune 411030')
		expect(mail!.text).toContain('₹1,180.00 (₹1,000.00 and GST ₹180.00) at the branch desk: Test Branch, 1 Test Road, Pune 411001, Maharashtra')
		expect(mail!.text).toContain(`Quote the payment reference ${reference}.`)
		expect(mail!.text).toContain('press "Cancel registration", until')
		expect(mail!.text).toContain(`https://portal.test.example/events/event-details/${event.id}`)

		await rerunAllMailings()
		await harness.restartJobs()
		expect((await register(event.id, person.token)).status).toBe(409)
		// A mail to someone else shows the queue has worked past this moment.
		const free = await insertTestEvent(harness.db, 5 * DAY, { feePaise: 0, title: 'Free study circle' })
		const other = await member()
		await register(free.id, other.token)
		await eventually(() => mailsTo(other.account.email, /^Registration received: Free study circle/).length).toBe(1)
		expect(mailsTo(other.account.email, /^Registration received/)[0]!.text).toContain('The event is free: there is nothing to pay, and your seat is confirmed.')
		expect(mailsTo(person.account.email, /^Registration received/)).toHaveLength(1)
	})

	test('registering again after cancelling on the same day is a mail of its own', async () => {
		const event = await insertTestEvent(harness.db, 5 * DAY, { feePaise: 0, title: 'Workshop on audit files' })
		const person = await member()
		await register(event.id, person.token)
		await eventually(() => mailsTo(person.account.email, /^Registration received: Workshop on audit files/).length).toBe(1)
		await harness.call(REGISTRATION_PATHS.cancel('member', event.id), {}, { token: person.token })
		await register(event.id, person.token)
		await eventually(() => mailsTo(person.account.email, /^Registration received: Workshop on audit files/).length).toBe(2)
	})
})

describe('payment confirmed by the office', () => {
	test('brings the tax invoice as a PDF, once, however often the office presses confirm', async () => {
		const event = await insertTestEvent(harness.db, 5 * DAY, { title: 'Seminar on transfer pricing' })
		const person = await member()
		const registered = await register(event.id, person.token)
		const paymentId = registered.body.data.oRegistration.oPayment.iPaymentId as number
		const confirm = () =>
			harness.call(fillPath(officePaymentEndpoints.confirm.path, { iPaymentId: paymentId }), { sMode: 'cash', sReference: 'Slip 42' }, { token: accountsToken })
		expect((await confirm()).status).toBe(200)
		expect((await confirm()).status).toBe(200)
		await eventually(() => mailsTo(person.account.email, /^Payment received: Seminar on transfer pricing \(tax invoice TST\/\d\d-\d\d\/\d{5}\)$/).length).toBe(
			1,
		)
		const [mail] = mailsTo(person.account.email, /^Payment received/)
		expect(mail!.text).toContain('We have received your payment of ₹1,180.00 for Seminar on transfer pricing')
		expect(mail!.text).toContain('https://portal.test.example/member/payments')
		const invoicePdf = pdfAttachment(mail!, 'receipt-TST-[\\w-]+\\.pdf')
		expect(invoicePdf, mail!.raw.slice(0, 3000)).not.toBeNull()
		const { text } = await pdfText(invoicePdf!)
		const invoiceNumber = /tax invoice (TST\/\d\d-\d\d\/\d{5})/.exec(mail!.subject)![1]!
		expect(text).toContain('Tax Invoice and Receipt')
		expect(text).toContain(`Invoice number: ${invoiceNumber}`)
		expect(text).toContain(person.account.fullName)
		expect(text).toContain('Seminar on transfer pricing')
		await rerunAllMailings()
		expect(mailsTo(person.account.email, /^Payment received/)).toHaveLength(1)
	})
})

describe('the ticket comes with the mail that confirms the seat', () => {
	test('a free registration’s mail and the paid fee’s mail attach ticket.pdf and write its code; a seat waiting for payment and the waiting list get none', async () => {
		const free = await insertTestEvent(harness.db, 5 * DAY, { feePaise: 0, title: 'Free session on tickets' })
		const paid = await insertTestEvent(harness.db, 5 * DAY, { title: 'Paid session on tickets', seatLimit: 1 })
		const [freeMember, payer, waiting] = [await member(), await member(), await member()]
		await register(free.id, freeMember.token)
		await eventually(() => mailsTo(freeMember.account.email, /^Registration received: Free session on tickets$/).length).toBe(1)
		const code = await ticketCodeFor(freeMember.token, free.id)
		const [freeMail] = mailsTo(freeMember.account.email, /^Registration received/)
		expect(freeMail!.text).toContain(`Your ticket: ${code}`)
		const freeTicket = pdfAttachment(freeMail!, 'ticket\\.pdf')
		expect(freeTicket, freeMail!.raw.slice(0, 3000)).not.toBeNull()
		const { text: ticketText } = await pdfText(freeTicket!)
		expect(ticketText).toContain('Free session on tickets')
		expect(ticketText).toContain(code)
		expect(ticketText).toContain(freeMember.account.fullName)

		const registered = await register(paid.id, payer.token)
		expect(registered.status).toBe(201)
		expect((await harness.call(REGISTRATION_PATHS.waitingList('member', paid.id), {}, { token: waiting.token })).status).toBe(201)
		await eventually(() => mailsTo(payer.account.email, /^Registration received: Paid session on tickets$/).length).toBe(1)
		const [pendingMail] = mailsTo(payer.account.email, /^Registration received/)
		expect(pendingMail!.text).not.toContain('Your ticket:')
		expect(pdfAttachment(pendingMail!, 'ticket\\.pdf')).toBeNull()

		const paymentId = registered.body.data.oRegistration.oPayment.iPaymentId as number
		expect(
			(
				await harness.call(
					fillPath(officePaymentEndpoints.confirm.path, { iPaymentId: paymentId }),
					{ sMode: 'cash', sReference: 'Slip 7' },
					{ token: accountsToken },
				)
			).status,
		).toBe(200)
		await eventually(() => mailsTo(payer.account.email, /^Payment received: Paid session on tickets/).length).toBe(1)
		const [paidMail] = mailsTo(payer.account.email, /^Payment received/)
		expect(paidMail!.text).toContain(`Your ticket: ${await ticketCodeFor(payer.token, paid.id)}`)
		expect(pdfAttachment(paidMail!, 'receipt-TST-[\\w-]+\\.pdf')).not.toBeNull()
		expect(pdfAttachment(paidMail!, 'ticket\\.pdf')).not.toBeNull()
		// Every mail the waiting member got by now (if any) is ticketless: they have no seat.
		expect(harness.sink.for(waiting.account.email).filter((mail) => /ticket\.pdf|Your ticket:/.test(mail.raw))).toHaveLength(0)
	})
})

/** An event made by the office, for the office to move and cancel; its form as the API takes it. */
async function officeEvent(title: string, fields: Record<string, unknown> = {}) {
	// 10:00 am in India, ten days ahead: the mail's times read as a day's.
	const start = new Date(Date.parse(`${new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10)}T04:30:00Z`))
	const form = {
		sTitle: title,
		sCategory: 'Seminar',
		sSummary: 'An event the office changes.',
		aParagraphs: ['About it.'],
		dStartDate: start.toISOString(),
		dEndDate: new Date(start.getTime() + 3 * HOUR).toISOString(),
		sVenueName: 'Accountants’ Bhavan',
		sVenueAddress: '14 Tilak Road',
		sCity: 'Pune',
		nFeePaise: 0,
		bIsPublished: true,
		...fields,
	}
	const created = await harness.call(officeEventEndpoints.create.path, form, { token: editorToken })
	expect(created.status, JSON.stringify(created.body)).toBe(201)
	return { id: created.body.data.iEventId as number, form }
}
const officeUpdate = async (eventId: number, body: Record<string, unknown>) => {
	const { body: details } = await harness.call(fillPath(officeEventEndpoints.details.path, { iEventId: eventId }), undefined, { token: editorToken })
	return harness.call(
		fillPath(officeEventEndpoints.update.path, { iEventId: eventId }),
		{ ...body, nVersion: details.data.nVersion },
		{ token: editorToken, method: officeEventEndpoints.update.method },
	)
}

describe('an event moved or cancelled', () => {
	test('a move tells the registered and the waiting list what changed from what to what, once; a closed account gets nothing', async () => {
		const { id, form } = await officeEvent('Study circle on audit reports', { nSeatLimit: 2 })
		const [first, second, waiting, closed] = [await member(), await member(), await member(), await member()]
		for (const person of [first, second]) await register(id, person.token)
		await harness.call(REGISTRATION_PATHS.waitingList('member', id), {}, { token: waiting.token })
		await harness.db.update(eventRegistrations).set({ status: 'cancelled' }).where(eq(eventRegistrations.accountId, second.account.id))
		await register(id, closed.token)
		await harness.db
			.update(accounts)
			.set({ ...closedAccountValues(closed.account.id), closedAt: new Date() })
			.where(eq(accounts.id, closed.account.id))
		// Mail goes to the address the member has now.
		const firstAddress = `now-${first.account.email}`
		await harness.db.update(accounts).set({ email: firstAddress }).where(eq(accounts.id, first.account.id))

		const later = new Date(Date.parse(form.dStartDate) + 2 * DAY)
		const moved = await officeUpdate(id, {
			...form,
			dStartDate: later.toISOString(),
			dEndDate: new Date(later.getTime() + 3 * HOUR).toISOString(),
			sVenueName: 'Hotel Sahyadri',
		})
		expect(moved.status, JSON.stringify(moved.body)).toBe(200)
		await eventually(() => mailsTo(firstAddress, /^Changed: Study circle on audit reports is now on /).length).toBe(1)
		const [mail] = mailsTo(firstAddress, /^Changed:/)
		expect(mail!.text).toMatch(/Date and time: now \w{3}, \d+ \w{3} \d{4}, 10:00 am – 1:00 pm IST \(was \w{3}, \d+ \w{3} \d{4}, 10:00 am – 1:00 pm IST\)/)
		expect(mail!.text).toContain('Venue: now Hotel Sahyadri, 14 Tilak Road, Pune (was Accountants’ Bhavan, 14 Tilak Road, Pune)')
		expect(mail!.text).toContain('Your registration stands')
		await eventually(() => mailsTo(waiting.account.email, /^Changed:/).length).toBe(1)
		expect(mailsTo(waiting.account.email, /^Changed:/)[0]!.text).toContain('You keep your place on the waiting list.')

		// An edit that moves nothing tells nobody anything.
		expect(
			(
				await officeUpdate(id, {
					...form,
					dStartDate: later.toISOString(),
					dEndDate: new Date(later.getTime() + 3 * HOUR).toISOString(),
					sVenueName: 'Hotel Sahyadri',
					sSummary: 'New words.',
				})
			).status,
		).toBe(200)
		await rerunAllMailings()
		// A mail to someone else shows the queue has worked past this moment.
		const marker = await member()
		await register((await insertTestEvent(harness.db, 5 * DAY, { feePaise: 0 })).id, marker.token)
		await eventually(() => mailsTo(marker.account.email, /^Registration received/).length).toBe(1)
		expect(mailsTo(firstAddress, /^Changed:/)).toHaveLength(1)
		expect(mailsTo(first.account.email, /^Changed:/)).toHaveLength(0)
		expect(mailsTo(second.account.email, /^Changed:/)).toHaveLength(0)
		expect(harness.sink.for(closedAccountValues(closed.account.id).email)).toHaveLength(0)
	})

	test('a cancellation says what becomes of each fee: refunded if paid, not to be paid if pending; the waiting list hears too', async () => {
		const { id } = await officeEvent('Seminar on bank audits', { nFeePaise: 100_000, nSeatLimit: 2 })
		const [paid, pending, waiting] = [await member(), await member(), await member()]
		const paidRegistration = await register(id, paid.token)
		await register(id, pending.token)
		await harness.call(REGISTRATION_PATHS.waitingList('member', id), {}, { token: waiting.token })
		const paymentId = paidRegistration.body.data.oRegistration.oPayment.iPaymentId as number
		await harness.call(
			fillPath(officePaymentEndpoints.confirm.path, { iPaymentId: paymentId }),
			{ sMode: 'upi', sReference: 'UPI 77' },
			{ token: accountsToken },
		)

		const { body: details } = await harness.call(fillPath(officeEventEndpoints.details.path, { iEventId: id }), undefined, { token: editorToken })
		const cancelled = await harness.call(
			fillPath(officeEventEndpoints.cancel.path, { iEventId: id }),
			{ nVersion: details.data.nVersion },
			{ token: editorToken },
		)
		expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
		await eventually(() => mailsTo(paid.account.email, /^Cancelled: Seminar on bank audits, /).length).toBe(1)
		expect(mailsTo(paid.account.email, /^Cancelled:/)[0]!.text).toMatch(
			/You paid ₹1,180\.00 \(tax invoice TST\/\d\d-\d\d\/\d{5}\)\. The branch office refunds it in full and sends you a credit note/,
		)
		await eventually(() => mailsTo(pending.account.email, /^Cancelled:/).length).toBe(1)
		expect(mailsTo(pending.account.email, /^Cancelled:/)[0]!.text).toContain('Your fee had not been paid: please do not pay it now; nothing is owed.')
		await eventually(() => mailsTo(waiting.account.email, /^Cancelled:/).length).toBe(1)
		expect(mailsTo(waiting.account.email, /^Cancelled:/)[0]!.text).toContain('The waiting list is closed with it')
		expect(
			(await harness.call(fillPath(officeEventEndpoints.cancel.path, { iEventId: id }), { nVersion: details.data.nVersion + 1 }, { token: editorToken }))
				.status,
		).toBe(409)
		await rerunAllMailings()
		expect(mailsTo(paid.account.email, /^Cancelled:/)).toHaveLength(1)
	})
})

describe('the office writes to an event’s people', () => {
	const path = (iEventId: number) => fillPath(officeRegistrantMailEndpoints.send.path, { iEventId })

	test('to the chosen group only, once, with its progress; a repeat within minutes is refused', async () => {
		const event = await insertTestEvent(harness.db, 6 * DAY, { feePaise: 0, title: 'Workshop on XBRL' })
		const [present, absent] = [await member(), await member()]
		await register(event.id, present.token)
		await register(event.id, absent.token)
		await harness.db.update(eventRegistrations).set({ attendedAt: new Date() }).where(eq(eventRegistrations.accountId, present.account.id))
		const overview = await harness.call(path(event.id), undefined, { token: accountsToken })
		expect(overview.body.data.oAudiences).toEqual({ registered: 2, confirmed: 2, attended: 1, waiting: 0 })

		const message = { sAudience: 'attended', sSubject: 'Slides from the workshop', sBody: 'Thank you for coming.\n\nThe slides are on the branch website.' }
		const sent = await harness.call(path(event.id), message, { token: accountsToken })
		expect(sent.status, JSON.stringify(sent.body)).toBe(202)
		expect(sent.body.message).toBe(REGISTRANT_MAIL_MESSAGES.sending)
		await eventually(() => mailsTo(present.account.email, /^Slides from the workshop: Workshop on XBRL$/).length).toBe(1)
		const [mail] = mailsTo(present.account.email, /^Slides from the workshop/)
		expect(mail!.text).toContain('Thank you for coming.')
		expect(mail!.text).toContain('because you registered for this event')
		expect((await harness.call(path(event.id), message, { token: accountsToken })).body.message).toBe(REGISTRANT_MAIL_MESSAGES.repeated)
		await eventually(async () => (await harness.call(path(event.id), undefined, { token: editorToken })).body.data.aMessages[0].oProgress).toMatchObject({
			nSent: 1,
			nLeft: 0,
			nFailed: 0,
		})
		await rerunAllMailings()
		expect(mailsTo(present.account.email, /^Slides from the workshop/)).toHaveLength(1)
		expect(mailsTo(absent.account.email, /^Slides from the workshop/)).toHaveLength(0)
	})

	test('bad input is a 400 with its reason; nobody to write to is a 409; an unknown event a 404; the desk may not', async () => {
		const event = await insertTestEvent(harness.db, 6 * DAY, { feePaise: 0 })
		const bad = await harness.call(path(event.id), { sAudience: 'everyone', sSubject: 'Two\nlines', sBody: '' }, { token: accountsToken })
		expect(bad.status).toBe(400)
		expect(bad.body.errors).toMatchObject({
			sAudience: ['Choose who gets the message'],
			sSubject: ['Subject must be one line'],
			sBody: ['Message is required'],
		})
		const nobody = await harness.call(path(event.id), { sAudience: 'waiting', sSubject: 'Hello', sBody: 'Hi' }, { token: accountsToken })
		expect(nobody).toMatchObject({ status: 409, body: { message: REGISTRANT_MAIL_MESSAGES.nobody } })
		expect((await harness.call(path(999_999), { sAudience: 'registered', sSubject: 'Hello', sBody: 'Hi' }, { token: accountsToken })).status).toBe(404)
		const desk = await createTestStaff(harness.db, 'the.desk', 'desk')
		expect((await harness.call(path(event.id), undefined, { token: desk.token })).status).toBe(403)
	})
})
