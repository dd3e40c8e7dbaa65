// Tickets, the door's check-in, public verification and certificates that mail themselves, on a real
// database with the real API, and mail through the real job queue into the SMTP sink.
import { eq } from 'drizzle-orm'
import jsQR from 'jsqr'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CPE_PATHS, type CpeLedger } from '~/contract/cpe'
import { qrDrawing } from '~/contract/qr-drawing'
import { createAccountsApi, createTestAccount, createTestStaff, TEST_SETTINGS } from '#tests/setup/accounts'
import { createTestPayment } from '#tests/setup/payments'
import { pdfText } from '#tests/setup/pdf'
import { HOUR, insertTestEvent } from '#tests/setup/registrations'
import { documentCodes, eventRegistrations, events } from '../db/schema'
import { eventTicketKey, readTicketCode, ticketCode } from '../tickets/ticket-code'
import { queueCertificates } from './certificate-mail'
import { maskName } from './verify'

const SECRET = TEST_SETTINGS.documents.ticketSecret
let t: Awaited<ReturnType<typeof createAccountsApi>>
let desk: Awaited<ReturnType<typeof createTestStaff>>
let accountsStaff: Awaited<ReturnType<typeof createTestStaff>>
beforeAll(async () => {
	t = await createAccountsApi({ withMail: {} })
	desk = await createTestStaff(t.db, 'door.desk', 'desk')
	accountsStaff = await createTestStaff(t.db, 'door.accounts', 'accounts')
})
afterAll(() => t.close())

const eventually = (check: () => unknown) => expect.poll(check, { timeout: 20_000, interval: 100 })

async function registered(eventId: number, fields: Parameters<typeof createTestAccount>[2] = {}, status: 'confirmed' | 'pending' | 'cancelled' = 'confirmed') {
	const person = await createTestAccount(t.db, 'member', fields)
	const [registration] = await t.db.insert(eventRegistrations).values({ eventId, accountId: person.account.id, status }).returning()
	return { ...person, registrationId: registration!.id }
}

const checkIn = (eventId: number, sCode: string, extra: Record<string, string> = {}) =>
	t.call(`/office/events/${eventId}/check-in/v1`, { sCode, ...extra }, { token: desk.token })

/** Draws a QR code's path into pixels (4 per module) and reads it back with jsQR, as a camera would. */
function decodeDrawing(text: string) {
	const { size, path } = qrDrawing(text)
	const scale = 4
	const side = size * scale
	const pixels = new Uint8ClampedArray(side * side * 4).fill(255)
	for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)/g)) {
		for (let dx = 0; dx < Number(run) * scale; dx++)
			for (let dy = 0; dy < scale; dy++) {
				const at = ((Number(y) * scale + dy) * side + Number(x) * scale + dx) * 4
				pixels.set([0, 0, 0, 255], at)
			}
	}
	return jsQR(pixels, side, side)?.data
}

describe('ticket codes', () => {
	test('sign and verify without the database; a changed character, another event or another secret fails', () => {
		const code = ticketCode(SECRET, 42, 1234)
		expect(code).toMatch(/^16-YA-[A-Z2-7]{16}$/)
		expect(readTicketCode(SECRET, code)).toEqual({ eventId: 42, registrationId: 1234 })
		expect(readTicketCode(SECRET, ` ${code.toLowerCase()} `)).toEqual({ eventId: 42, registrationId: 1234 })
		const last = code.at(-1) === 'A' ? 'B' : 'A'
		expect(readTicketCode(SECRET, code.slice(0, -1) + last)).toBeNull()
		expect(readTicketCode(SECRET, code.replace(/^16-/, '17-'))).toBeNull()
		expect(readTicketCode('another-secret-of-the-same-length-xxxxxx', code)).toBeNull()
		expect(readTicketCode(SECRET, '123456')).toBeNull()
		// One event's key signs only that event's tickets.
		expect(eventTicketKey(SECRET, 42).equals(eventTicketKey(SECRET, 43))).toBe(false)
	})

	test('the QR drawing decodes to the code it was made of', () => {
		const code = ticketCode(SECRET, 7, 99)
		expect(decodeDrawing(code)).toBe(code)
		expect(decodeDrawing('https://portal.test/verify/7KQ2MXW9RT')).toBe('https://portal.test/verify/7KQ2MXW9RT')
	})

	test('a confirmed registration has a ticket in the dashboard, as a one-page PDF with its code', async () => {
		const event = await insertTestEvent(t.db, 5 * HOUR, { title: 'Ticketed seminar' })
		const person = await registered(event.id, { fullName: 'Asha Kulkarni' })
		const tickets = await t.call('/member/events/tickets/v1', undefined, { token: person.token })
		expect(tickets.body.data).toEqual([
			expect.objectContaining({
				iRegistrationId: person.registrationId,
				sEventTitle: 'Ticketed seminar',
				sTicketCode: ticketCode(SECRET, event.id, person.registrationId),
			}),
		])
		const pdf = await t.api.fetch(
			new Request(`http://in-process/api/member/events/tickets/v1/${person.registrationId}`, { headers: { authorization: person.token } }),
		)
		expect(pdf.headers.get('content-type')).toBe('application/pdf')
		const { text, totalPages } = await pdfText(await pdf.arrayBuffer())
		expect(totalPages).toBe(1)
		expect(text).toContain('Asha Kulkarni')
		expect(text).toContain(ticketCode(SECRET, event.id, person.registrationId))
		// Someone else's registration is as unknown as none.
		const stranger = await createTestAccount(t.db, 'member')
		expect((await t.call(`/member/events/tickets/v1/${person.registrationId}`, undefined, { token: stranger.token })).status).toBe(404)
	})
})

describe('check-in at the door', () => {
	test('a ticket checks in once and credits the CPE hours through the same marks as the list; undo stays', async () => {
		const event = await insertTestEvent(t.db, -30 * 60_000, { title: 'Door seminar', cpeHours: 3 })
		const asha = await registered(event.id, { fullName: 'Asha Kulkarni', number: '623456' })
		await registered(event.id)
		const code = ticketCode(SECRET, event.id, asha.registrationId)

		const first = await checkIn(event.id, code)
		expect(first.status).toBe(200)
		expect(first.body.data).toMatchObject({ sOutcome: 'checked-in', sText: 'Checked in: Asha Kulkarni, 623456', nPresent: 1, nExpected: 2 })
		const second = await checkIn(event.id, code)
		expect(second.body.data.sOutcome).toBe('already')
		expect(second.body.data.sText).toMatch(/^Already checked in at \d\d:\d\d: Asha Kulkarni, 623456$/)
		expect(second.body.data.nPresent).toBe(1)

		const ledger = (await t.call(CPE_PATHS.ledger, undefined, { token: asha.token })).body.data as CpeLedger
		const entries = ledger.aBlocks.flatMap((block) => block.aYears.flatMap((year) => year.aEntries))
		expect(entries).toEqual([expect.objectContaining({ sDescription: 'Door seminar', nHours: 3, iRegistrationId: asha.registrationId })])
		// The list's mark says it was already made: one path, one mark.
		const listed = await t.call(CPE_PATHS.markAttendance, { iEventId: event.id, aRegistrationIds: [asha.registrationId] }, { token: desk.token })
		expect(listed.body.data).toEqual({ aChanged: [], aUnchanged: [asha.registrationId] })
		const undone = await t.call(CPE_PATHS.unmarkAttendance, { iEventId: event.id, aRegistrationIds: [asha.registrationId] }, { token: desk.token })
		expect(undone.body.data.aChanged).toEqual([asha.registrationId])
		expect((await checkIn(event.id, code)).body.data.sOutcome).toBe('checked-in')
	})

	test('a membership number works as well; and each refusal says why', async () => {
		const event = await insertTestEvent(t.db, -10 * 60_000)
		const other = await insertTestEvent(t.db, -10 * 60_000)
		const member = await registered(event.id, { number: '723457', fullName: 'Rohan Joshi' })
		const gone = await registered(event.id, { fullName: 'Cancelled Person' }, 'cancelled')
		const unpaid = await registered(event.id, { fullName: 'Unpaid Person' }, 'pending')
		expect((await checkIn(event.id, '723457')).body.data.sText).toBe('Checked in: Rohan Joshi, 723457')
		expect((await checkIn(event.id, ticketCode(SECRET, event.id, gone.registrationId))).body.data.sOutcome).toBe('cancelled')
		expect((await checkIn(event.id, unpaid.account.number)).body.data.sOutcome).toBe('unpaid')
		expect((await checkIn(event.id, '999999')).body.data.sText).toBe('Not registered for this event')
		expect((await checkIn(event.id, ticketCode(SECRET, other.id, member.registrationId))).body.data.sOutcome).toBe('other-event')
		const forged = ticketCode('not-the-branch-secret-at-all-0123456789', event.id, member.registrationId)
		expect((await checkIn(event.id, forged)).body.data.sText).toBe('Not a valid ticket')
		expect((await checkIn(event.id, '')).status).toBe(400)
		expect((await t.call(`/office/events/${event.id}/check-in/v1`, { sCode: '723457' }, { token: accountsStaff.token })).status).toBe(200)
	})

	test('an offline batch sent later (twice, as a flaky network may) is credited once, at the time it was scanned', async () => {
		const event = await insertTestEvent(t.db, -60 * 60_000)
		const people = await Promise.all([1, 2, 3].map(() => registered(event.id)))
		const scannedAt = new Date(Date.now() - 20 * 60_000).toISOString()
		for (let round = 0; round < 2; round++) {
			for (const person of people) await checkIn(event.id, ticketCode(SECRET, event.id, person.registrationId), { dScannedAt: scannedAt })
		}
		const rows = await t.db.select({ attendedAt: eventRegistrations.attendedAt }).from(eventRegistrations).where(eq(eventRegistrations.eventId, event.id))
		expect(rows.map((row) => row.attendedAt?.toISOString())).toEqual([scannedAt, scannedAt, scannedAt])
		const door = await t.call(`/office/events/${event.id}/check-in/v1`, undefined, { token: desk.token })
		expect(door.body.data).toMatchObject({ nPresent: 3, nExpected: 3 })
		expect(door.body.data.aRoster).toHaveLength(3)
	})

	test('the doors open an hour before the start, not earlier', async () => {
		const event = await insertTestEvent(t.db, 3 * HOUR)
		const person = await registered(event.id)
		const early = await checkIn(event.id, ticketCode(SECRET, event.id, person.registrationId))
		expect(early.status).toBe(400)
		expect(early.body.errors).toEqual({ iEventId: ['Attendance can be marked from an hour before the event starts'] })
	})
})

const verify = (code: string, clientAddress = '198.51.100.1') => t.call(`/verify/v1/${code}`, undefined, { clientAddress })
const codeOf = async (kind: 'invoice' | 'credit-note' | 'certificate', subjectId: number) =>
	(await t.db.select().from(documentCodes).where(eq(documentCodes.subjectId, subjectId))).filter((row) => row.kind === kind)

describe('public verification', () => {
	test('an invoice verifies as valid, then as refunded by its credit note, which verifies too', async () => {
		const buyer = await createTestAccount(t.db, 'member', { fullName: 'Meera Deshpande' })
		const { payment } = await createTestPayment(t.db, buyer.account)
		const invoice = await t.api.fetch(
			new Request(`http://in-process/api/member/payments/${payment.id}/receipt/v1`, { headers: { authorization: buyer.token } }),
		)
		const [row] = await codeOf('invoice', payment.id)
		const printed = (await pdfText(await invoice.arrayBuffer())).text
		expect(printed).toContain(`Verification code ${row!.code.slice(0, 5)}-${row!.code.slice(5)}`)
		expect(printed).toContain(`http://portal.test/verify/${row!.code}`)
		const valid = await verify(row!.code)
		expect(valid.body.data).toMatchObject({
			sKind: 'invoice',
			sNumber: payment.invoiceNumber,
			sHolder: 'Me*** De*******',
			sStatus: 'valid',
			oIssuer: { sGstin: TEST_SETTINGS.billing.gstin },
		})
		expect(JSON.stringify(valid.body)).not.toContain('Meera')

		const refund = await t.call(`/office/payments/refund/v1/${payment.id}`, { sMode: 'cash' }, { token: accountsStaff.token })
		expect(refund.status).toBe(200)
		const refunded = await verify(row!.code.toLowerCase())
		expect(refunded.body.data).toMatchObject({ sStatus: 'refunded', sStatusText: `Refunded by credit note ${refund.body.data.sCreditNoteNumber}` })
		await t.api.fetch(new Request(`http://in-process/api/member/payments/${payment.id}/credit-note/v1`, { headers: { authorization: buyer.token } }))
		const [noteRow] = (await t.db.select().from(documentCodes).where(eq(documentCodes.kind, 'credit-note'))).slice(-1)
		expect((await verify(noteRow!.code)).body.data).toMatchObject({ sKind: 'credit-note', sNumber: refund.body.data.sCreditNoteNumber, sStatus: 'valid' })
	})

	test('a certificate verifies with its hours, as corrected after the hours change and as revoked once attendance is withdrawn', async () => {
		const event = await insertTestEvent(t.db, -5 * HOUR, { cpeHours: 2 })
		const person = await registered(event.id, { fullName: 'Kiran Rao' })
		await checkIn(event.id, person.account.number)
		await t.api.fetch(new Request(`http://in-process/api${CPE_PATHS.certificate(person.registrationId)}`, { headers: { authorization: person.token } }))
		const [first] = await codeOf('certificate', person.registrationId)
		expect((await verify(first!.code)).body.data).toMatchObject({ sKind: 'certificate', nCpeHours: 2, sHolder: 'Ki*** Ra*', sStatus: 'valid' })
		await t.db.update(events).set({ cpeHours: 2.5 }).where(eq(events.id, event.id))
		await t.api.fetch(new Request(`http://in-process/api${CPE_PATHS.certificate(person.registrationId)}`, { headers: { authorization: person.token } }))
		expect((await verify(first!.code)).body.data.sStatus).toBe('corrected')
		const current = (await codeOf('certificate', person.registrationId)).find((row) => !row.supersededAt)!
		expect((await verify(current.code)).body.data).toMatchObject({ nCpeHours: 2.5, sStatus: 'valid' })
		await t.call(CPE_PATHS.unmarkAttendance, { iEventId: event.id, aRegistrationIds: [person.registrationId] }, { token: desk.token })
		expect((await verify(current.code)).body.data.sStatus).toBe('revoked')
	})

	test('a made-up or malformed code is refused plainly, and one client may not try many', async () => {
		const unknown = await verify('7KQ2MXW9RT')
		expect(unknown).toMatchObject({ status: 404, body: { message: expect.stringMatching(/^No document has this verification code/) } })
		expect((await verify('not-a-code!')).status).toBe(404)
		const statuses: number[] = []
		for (let i = 0; i < 61; i++) statuses.push((await verify('7KQ2MXW9RT', '198.51.100.77')).status)
		expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true)
		expect(statuses[60]).toBe(429)
	})

	test('names are masked word by word', () => {
		expect(maskName('Asha Kulkarni')).toBe('As** Ku******')
		expect(maskName('Li Wu')).toBe('L* W*')
		expect(maskName('')).toBe('not kept (the account was closed)')
	})
})

describe('certificates that send themselves', () => {
	test('when an event ends each attendee gets one certificate mail; a later correction sends a corrected one', async () => {
		const event = await insertTestEvent(t.db, -4 * HOUR, { title: 'Mailed certificates', cpeHours: 1.5 })
		const [present, late] = await Promise.all([registered(event.id), registered(event.id)])
		await registered(event.id)
		await checkIn(event.id, present.account.number)
		const now = new Date()
		await queueCertificates(t.db, t.mail!, now)
		await queueCertificates(t.db, t.mail!, now)
		const mailsTo = (email: string) => t.sink.for(email).filter((mail) => /certificate/i.test(mail.subject))
		await eventually(() => mailsTo(present.account.email).length).toBe(1)
		const [mail] = mailsTo(present.account.email)
		expect(mail!.subject).toBe('Your certificate: Mailed certificates')
		expect(mail!.raw).toMatch(/Content-Type: application\/pdf; name=cpe-certificate-\d+\.pdf/)
		expect(mailsTo(late.account.email)).toEqual([])

		// The office marks a latecomer, then corrects the hours: each change mails once more.
		await checkIn(event.id, late.account.number)
		await queueCertificates(t.db, t.mail!, new Date())
		await eventually(() => mailsTo(late.account.email).length).toBe(1)
		await t.db.update(events).set({ cpeHours: 2 }).where(eq(events.id, event.id))
		await queueCertificates(t.db, t.mail!, new Date())
		await queueCertificates(t.db, t.mail!, new Date())
		await eventually(() => mailsTo(present.account.email).length).toBe(2)
		expect(mailsTo(present.account.email)[1]!.subject).toBe('Corrected certificate: Mailed certificates')
		// Nothing more after the queue has settled.
		await queueCertificates(t.db, t.mail!, new Date())
		await eventually(() => mailsTo(late.account.email).length).toBe(2)
		expect(mailsTo(present.account.email)).toHaveLength(2)
	})
})
