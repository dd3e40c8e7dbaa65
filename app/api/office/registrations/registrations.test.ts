// One event's registrations for the office: the list and its filters, the CSV an accountant opens
// in Excel, and attendance taken at the desk by number.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fillPath } from '~/contract/endpoint'
import { officeRegistrationEndpoints } from '~/contract/office/registrations'
import { createTestAccount, createTestStaff } from '#tests/setup/accounts'
import { createOfficeApi } from '#tests/setup/office'
import { createTestPayment } from '#tests/setup/payments'
import { DAY, insertTestEvent } from '#tests/setup/registrations'
import { eventRegistrations } from '../../db/schema'

let office: Awaited<ReturnType<typeof createOfficeApi>>
let token: string
beforeAll(async () => {
	office = await createOfficeApi()
	token = (await createTestStaff(office.db, undefined, 'desk')).token
})
afterAll(() => office.close())

const listPath = (iEventId: number | string) => fillPath(officeRegistrationEndpoints.list.path, { iEventId })
const deskPath = (iEventId: number | string) => fillPath(officeRegistrationEndpoints.markAtDesk.path, { iEventId })

/** An event that started an hour ago with a paid member, a pending student and a cancelled member. */
async function eventWithRegistrations() {
	const event = await insertTestEvent(office.db, -DAY / 24)
	const paid = await createTestAccount(office.db, 'member', { fullName: '=HYPERLINK("http://evil.test","Click")' })
	const pending = await createTestAccount(office.db, 'student', { fullName: 'Rohan, "the" student' })
	const cancelled = await createTestAccount(office.db, 'member', { fullName: 'Gone Away' })
	await createTestPayment(office.db, paid.account, { event })
	await createTestPayment(office.db, pending.account, { event, status: 'pending', provider: 'offline' })
	await office.db.insert(eventRegistrations).values({ eventId: event.id, accountId: cancelled.account.id, status: 'cancelled', cancelledAt: new Date() })
	return { event, paid, pending, cancelled }
}

describe('the list', () => {
	test('everyone with status, payment status and counts; filters by status and search', async () => {
		const { event, paid, pending } = await eventWithRegistrations()
		const all = await office.call(listPath(event.id), { token })
		expect(all.status).toBe(200)
		expect(all.body.data.oCounts).toEqual({ nConfirmed: 1, nPending: 1, nCancelled: 1, nAttended: 0 })
		expect(all.body.data.aRegistrations).toHaveLength(3)
		const student = all.body.data.aRegistrations.find((row: { sNumber: string }) => row.sNumber === pending.account.number)
		expect(student).toMatchObject({ sUserType: 'S', sStatus: 'pending', sPaymentStatus: 'pending' })
		const confirmed = await office.call(listPath(event.id), { token, query: { oFilter: { sStatus: 'confirmed' } } })
		expect(confirmed.body.data.aRegistrations.map((row: { sNumber: string }) => row.sNumber)).toEqual([paid.account.number])
		const found = await office.call(listPath(event.id), { token, query: { oFilter: { sSearch: 'rohan' } } })
		expect(found.body.data.aRegistrations).toHaveLength(1)
	})

	test('an unknown event is a 404 with a message; a bad filter a 400', async () => {
		expect(await office.call(listPath(999_999), { token })).toMatchObject({ status: 404, body: { message: 'No such event.' } })
		expect((await office.call(listPath('x'), { token })).status).toBe(404)
		expect((await office.call(listPath(1), { token, query: { oFilter: { sStatus: 'maybe' } } })).status).toBe(400)
	})

	test('as CSV: BOM, header, one line each, a formula in a name made inert, quotes kept', async () => {
		const { event } = await eventWithRegistrations()
		const csv = await office.file(listPath(event.id), { token, query: { sFormat: 'csv' } })
		expect(csv.status).toBe(200)
		expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
		expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="registrations-event-${event.id}.csv"`)
		const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(csv.bytes)
		expect(text.startsWith('\uFEFFRegistration id,Name,Member or student,')).toBe(true)
		const lines = text.slice(1).trimEnd().split('\r\n')
		expect(lines).toHaveLength(4)
		expect(text).toContain(`"'=HYPERLINK(""http://evil.test"",""Click"")"`)
		expect(text).toContain('"Rohan, ""the"" student"')
	})

	test('a CSV with no rows is still a file with its header', async () => {
		const event = await insertTestEvent(office.db, 3 * DAY)
		const csv = await office.file(listPath(event.id), { token, query: { sFormat: 'csv', oFilter: { sStatus: 'confirmed' } } })
		expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(csv.bytes).trimEnd().split('\r\n')).toHaveLength(1)
	})
})

describe('attendance at the desk', () => {
	test('marks the confirmed person with that number present, once', async () => {
		const { event, paid } = await eventWithRegistrations()
		const first = await office.call(deskPath(event.id), { token, body: { sNumber: ` ${paid.account.number} ` } })
		expect(first.status).toBe(200)
		expect(first.body.data.bChanged).toBe(true)
		const again = await office.call(deskPath(event.id), { token, body: { sNumber: paid.account.number } })
		expect(again.body.message).toContain('was already marked present')
		const list = await office.call(listPath(event.id), { token })
		expect(list.body.data.oCounts.nAttended).toBe(1)
		const row = list.body.data.aRegistrations.find((r: { sNumber: string }) => r.sNumber === paid.account.number)
		expect(row.nCpeHoursCredited).toBe(event.cpeHours)
	})

	test('a number that matches nobody, or someone not confirmed, is said beside the field', async () => {
		const { event, pending, cancelled } = await eventWithRegistrations()
		for (const [sNumber, message] of [
			['ZZ9999', 'Nobody registered for this event has that number.'],
			[cancelled.account.number, 'Nobody registered for this event has that number.'],
			[pending.account.number.toLowerCase(), 'That registration is not confirmed (its fee is not paid), so attendance cannot be marked.'],
			['', 'Enter a membership or registration number'],
		]) {
			const answer = await office.call(deskPath(event.id), { token, body: { sNumber } })
			expect(answer.status).toBe(400)
			expect(answer.body.errors?.sNumber).toEqual([message])
		}
	})
})
