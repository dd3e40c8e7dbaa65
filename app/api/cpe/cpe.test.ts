// The CPE calls on a real database: recording and deleting hours, the office's attendance marks,
// the ledger they make, and the attendance certificate's text read back out of the PDF.
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CPE_PATHS, type CpeLedger } from '~/contract/cpe'
import { createAccountsApi, createTestAccount, createTestStaff, TEST_SETTINGS } from '#tests/setup/accounts'
import { eventRegistrations, events } from '../db/schema'
import { entryDates, indiaDay } from './ledger'

const HOUR = 3_600_000
const DAY = 24 * HOUR
let t: Awaited<ReturnType<typeof createAccountsApi>>
let member: Awaited<ReturnType<typeof createTestAccount>>
let other: Awaited<ReturnType<typeof createTestAccount>>
let office: Awaited<ReturnType<typeof createTestStaff>>
const today = indiaDay(new Date())
const dates = entryDates(TEST_SETTINGS.cpe, today)

beforeAll(async () => {
	t = await createAccountsApi()
	member = await createTestAccount(t.db, 'member', { fullName: 'Meera Ḍeshmukh', number: '401234' })
	other = await createTestAccount(t.db, 'member')
	office = await createTestStaff(t.db, undefined, 'desk')
})
afterAll(() => t.close())

async function insertEvent(title: string, startsAt: Date, cpeHours = 3.5) {
	const [event] = await t.db
		.insert(events)
		.values({
			title,
			summary: 'About it',
			category: 'Seminar',
			description: ['Text.'],
			startsAt,
			endsAt: new Date(startsAt.getTime() + 3 * HOUR),
			venueName: 'Accountants’ Bhavan',
			venueAddress: '14 Tilak Road, Pune 411030',
			city: 'Pune',
			mapUrl: 'https://maps.example/bhavan',
			cpeHours,
			searchText: title,
		})
		.returning()
	return event!
}

async function register(eventId: number, accountId: number, status: 'pending' | 'confirmed' | 'cancelled' = 'confirmed') {
	const [registration] = await t.db.insert(eventRegistrations).values({ eventId, accountId, status }).returning()
	return registration!.id
}

const ledgerOf = async (token: string) => (await t.call(CPE_PATHS.ledger, undefined, { token })).body.data as CpeLedger
const entriesOf = (ledger: CpeLedger) => ledger.aBlocks.flatMap((block) => block.aYears.flatMap((year) => year.aEntries))
const mark = (body: Record<string, unknown>, token = office.token) => t.call(CPE_PATHS.markAttendance, body, { token })

describe('recording hours', () => {
	test('only a signed-in member reaches the ledger and the entries', async () => {
		const student = await createTestAccount(t.db, 'student')
		expect((await t.call(CPE_PATHS.ledger)).status).toBe(401)
		expect((await t.call(CPE_PATHS.ledger, undefined, { token: student.token })).status).toBe(401)
		expect((await t.call(CPE_PATHS.ledger, undefined, { token: office.token })).status).toBe(401)
		expect((await t.call(CPE_PATHS.entries, { dActivityDate: today, nHours: 1, sDescription: 'Reading' }, { token: student.token })).status).toBe(401)
	})

	test('bad input gets field errors keyed by field name', async () => {
		const empty = await t.call(CPE_PATHS.entries, {}, { token: member.token })
		expect(empty.status).toBe(400)
		expect(Object.keys(empty.body.errors ?? {}).sort()).toEqual(['dActivityDate', 'nHours', 'sDescription'])

		const cases: [Record<string, unknown>, string, RegExp][] = [
			[{ nHours: 0 }, 'nHours', /more than 0/],
			[{ nHours: 1.3 }, 'nHours', /half hours/],
			[{ nHours: 12.5 }, 'nHours', /At most 12 hours/],
			[{ nHours: '2' }, 'nHours', /must be a number/],
			[{ sDescription: '  ab ' }, 'sDescription', /at least 3/],
			[{ sDescription: 'x'.repeat(501) }, 'sDescription', /at most 500/],
			[{ dActivityDate: '2026-02-30' }, 'dActivityDate', /real day/],
			[{ dActivityDate: '15/04/2026' }, 'dActivityDate', /real day/],
			[{ dActivityDate: indiaDay(new Date(Date.now() + DAY)) }, 'dActivityDate', /cannot be in the future/],
			[{ dActivityDate: `${Number(dates.dMinDate.slice(0, 4)) - 1}-12-31` }, 'dActivityDate', /can no longer be recorded/],
		]
		for (const [change, field, message] of cases) {
			const answer = await t.call(
				CPE_PATHS.entries,
				{ dActivityDate: today, nHours: 2, sDescription: 'Reading a guidance note', ...change },
				{ token: member.token },
			)
			expect(answer.status, JSON.stringify(change)).toBe(400)
			expect(Object.keys(answer.body.errors ?? {}), JSON.stringify(change)).toEqual([field])
			expect(answer.body.errors?.[field]?.join(' '), JSON.stringify(change)).toMatch(message)
		}
		// One message for a blank field, not every rule it also breaks.
		const blank = await t.call(CPE_PATHS.entries, { dActivityDate: ' ', nHours: 1, sDescription: '   ' }, { token: member.token })
		expect(blank.body.errors).toEqual({ dActivityDate: ['Date is required'], sDescription: ['Description is required'] })
		expect(entriesOf(await ledgerOf(member.token))).toEqual([])
	})

	test('a recorded entry counts in its year, both on the first allowed day and today', async () => {
		const added = await t.call(CPE_PATHS.entries, { dActivityDate: today, nHours: 2.5, sDescription: '  E-learning: Ind AS 116  ' }, { token: member.token })
		expect(added.status).toBe(201)
		const oldest = await t.call(
			CPE_PATHS.entries,
			{ dActivityDate: dates.dMinDate, nHours: 1, sDescription: 'Late entry for the old block' },
			{ token: member.token },
		)
		expect(oldest.status).toBe(201)
		const ledger = await ledgerOf(member.token)
		const current = ledger.aBlocks.find((block) => block.bIsCurrent)!
		const year = current.aYears.find((y) => y.nYear === Number(today.slice(0, 4)))!
		expect(year.aEntries).toEqual([
			{ sKind: 'unstructured', dActivityDate: today, sDescription: 'E-learning: Ind AS 116', nHours: 2.5, iEntryId: added.body.data.iEntryId },
		])
		expect(year.oTotals).toMatchObject({ nUnstructuredHours: 2.5, nTotalHours: 2.5, nHoursNeeded: 17.5, nStructuredHoursNeeded: 10 })
		expect(ledger.aBlocks.at(-1)).toMatchObject({ nStartYear: Number(dates.dMinDate.slice(0, 4)), bIsCurrent: false, oTotals: { nTotalHours: 1 } })
		expect(ledger.oEntryDates).toEqual(dates)
	})

	test('one day holds at most 12 recorded hours', async () => {
		const day = indiaDay(new Date(Date.now() - 2 * DAY))
		expect((await t.call(CPE_PATHS.entries, { dActivityDate: day, nHours: 8, sDescription: 'Residential course' }, { token: member.token })).status).toBe(201)
		const over = await t.call(CPE_PATHS.entries, { dActivityDate: day, nHours: 4.5, sDescription: 'More reading' }, { token: member.token })
		expect(over.status).toBe(400)
		expect(over.body.errors?.nHours).toEqual(['You have already recorded 8 hours for that day; at most 12 hours a day'])
		expect((await t.call(CPE_PATHS.entries, { dActivityDate: day, nHours: 4, sDescription: 'More reading' }, { token: member.token })).status).toBe(201)
	})

	test('a member deletes their own entry; another member’s is not found and stays', async () => {
		const mine = (await t.call(CPE_PATHS.entries, { dActivityDate: today, nHours: 1, sDescription: 'To be deleted' }, { token: member.token })).body.data
			.iEntryId
		const theirs = (await t.call(CPE_PATHS.entries, { dActivityDate: today, nHours: 1, sDescription: 'Not yours' }, { token: other.token })).body.data.iEntryId
		expect((await t.call(CPE_PATHS.entry(theirs), undefined, { token: member.token, method: 'DELETE' })).status).toBe(404)
		expect(entriesOf(await ledgerOf(other.token)).map((entry) => entry.iEntryId)).toEqual([theirs])
		expect((await t.call(CPE_PATHS.entry(mine), undefined, { token: member.token, method: 'DELETE' })).status).toBe(200)
		expect((await t.call(CPE_PATHS.entry(mine), undefined, { token: member.token, method: 'DELETE' })).status).toBe(404)
		expect((await t.call(CPE_PATHS.entry('abc'), undefined, { token: member.token, method: 'DELETE' })).status).toBe(404)
		expect(entriesOf(await ledgerOf(member.token)).some((entry) => entry.iEntryId === mine)).toBe(false)
	})
})

describe('attendance', () => {
	test('a member’s token, or none, cannot mark attendance', async () => {
		const event = await insertEvent('Members may not mark', new Date(Date.now() - DAY))
		const registration = await register(event.id, member.account.id)
		expect((await mark({ iEventId: event.id, aRegistrationIds: [registration] }, member.token)).status).toBe(401)
		expect((await mark({ iEventId: event.id, aRegistrationIds: [registration] }, '')).status).toBe(401)
		const [row] = await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, registration))
		expect(row!.attendedAt).toBeNull()
	})

	test('marking waits for the doors to open (an hour before the start), and names an event that exists', async () => {
		const event = await insertEvent('Not yet started', new Date(Date.now() + 3 * HOUR))
		const registration = await register(event.id, member.account.id)
		const early = await mark({ iEventId: event.id, aRegistrationIds: [registration] })
		expect(early.status).toBe(400)
		expect(early.body.errors).toEqual({ iEventId: ['Attendance can be marked from an hour before the event starts'] })
		expect((await mark({ iEventId: 999_999, aRegistrationIds: [registration] })).status).toBe(404)
		const bad = await mark({ iEventId: 'x', aRegistrationIds: [] })
		expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['aRegistrationIds', 'iEventId'])
	})

	test('only confirmed registrations of the event: a call with any other changes nothing', async () => {
		const event = await insertEvent('Mixed registrations', new Date(Date.now() - 2 * DAY))
		const elsewhere = await insertEvent('Another event', new Date(Date.now() - 2 * DAY))
		const confirmed = await register(event.id, member.account.id)
		const pending = await register(event.id, other.account.id, 'pending')
		const foreign = await register(elsewhere.id, other.account.id)
		const answer = await mark({ iEventId: event.id, aRegistrationIds: [confirmed, pending, foreign] })
		expect(answer.status).toBe(400)
		expect(answer.body.errors?.aRegistrationIds).toEqual([
			`Registration ${pending} is not confirmed (pending)`,
			`Registration ${foreign} is not a registration for this event`,
		])
		const [row] = await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, confirmed))
		expect(row!.attendedAt).toBeNull()
	})

	test('marking credits the event’s hours on its day in India, is idempotent, and can be taken back', async () => {
		// 20:30 UTC is 02:00 the next day in India: the hours count on the Indian day.
		const startsAt = new Date(`${indiaDay(new Date(Date.now() - 3 * DAY))}T20:30:00Z`)
		const event = await insertEvent('Evening study circle', startsAt, 2.5)
		const registration = await register(event.id, member.account.id)
		const first = await mark({ iEventId: event.id, aRegistrationIds: [registration] })
		expect(first.status).toBe(200)
		expect(first.body.data).toEqual({ aChanged: [registration], aUnchanged: [] })
		const [marked] = await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, registration))
		expect(marked!.attendanceMarkedBy).toBe(office.staff.id)

		const again = await mark({ iEventId: event.id, aRegistrationIds: [registration] })
		expect(again.body.data).toEqual({ aChanged: [], aUnchanged: [registration] })
		const [still] = await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, registration))
		expect(still!.attendedAt).toEqual(marked!.attendedAt)

		const structured = entriesOf(await ledgerOf(member.token)).find((entry) => entry.iRegistrationId === registration)
		expect(structured).toEqual({
			sKind: 'structured',
			dActivityDate: indiaDay(startsAt),
			sDescription: 'Evening study circle',
			nHours: 2.5,
			iRegistrationId: registration,
			iEventId: event.id,
		})
		expect(indiaDay(startsAt)).not.toBe(startsAt.toISOString().slice(0, 10))

		const undo = await t.call(CPE_PATHS.unmarkAttendance, { iEventId: event.id, aRegistrationIds: [registration] }, { token: office.token })
		expect(undo.body.data).toEqual({ aChanged: [registration], aUnchanged: [] })
		expect(entriesOf(await ledgerOf(member.token)).some((entry) => entry.iRegistrationId === registration)).toBe(false)
		expect((await t.call(CPE_PATHS.unmarkAttendance, { iEventId: event.id, aRegistrationIds: [registration] }, { token: member.token })).status).toBe(401)
	})
})

describe('the attendance certificate', () => {
	const download = (path: string, token: string) => t.api.fetch(new Request(`http://in-process/api${path}`, { headers: { authorization: token } }))

	test('a PDF with the member, the event and the hours, as text', async () => {
		const event = await insertEvent('Seminar on forensic accounting', new Date('2026-03-05T04:30:00Z'), 3)
		const registration = await register(event.id, member.account.id)
		await mark({ iEventId: event.id, aRegistrationIds: [registration] })
		const response = await download(CPE_PATHS.certificate(registration), member.token)
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('application/pdf')
		expect(response.headers.get('cache-control')).toBe('private, no-store')
		const { text } = await extractText(await getDocumentProxy(new Uint8Array(await response.arrayBuffer())), { mergePages: true })
		const flat = text.replace(/\s+/g, ' ')
		for (const part of [
			'Test Branch',
			'Test Institute',
			'Certificate of Attendance',
			// The name's letter outside the font's range is drawn in its plain form.
			'Meera Deshmukh',
			'Membership number 401234',
			'Seminar on forensic accounting',
			'Thu, 5 Mar 2026',
			'10:00 am',
			'Accountants’ Bhavan, 14 Tilak Road, Pune 411030',
			'CPE hours credited: 3',
			`Certificate number CPE/2026/${String(registration).padStart(6, '0')}`,
			'computer-generated',
		]) {
			expect(flat).toContain(part)
		}
	})

	test('only for the member’s own attended registration', async () => {
		const event = await insertEvent('Certificates are personal', new Date(Date.now() - DAY))
		const notAttended = await register(event.id, member.account.id)
		const theirs = await register(event.id, other.account.id)
		await mark({ iEventId: event.id, aRegistrationIds: [theirs] })
		expect((await download(CPE_PATHS.certificate(notAttended), member.token)).status).toBe(404)
		expect((await download(CPE_PATHS.certificate(theirs), member.token)).status).toBe(404)
		expect((await download(CPE_PATHS.certificate('0'), member.token)).status).toBe(404)
		expect((await download(CPE_PATHS.certificate(theirs), other.token)).status).toBe(200)
		expect((await download(CPE_PATHS.certificate(theirs), office.token)).status).toBe(401)
	})
})

test('whatever arrives at the entry and attendance calls, the answer is never a 500', async () => {
	const edges = fc.constantFrom(1e15, -1, 0.5, 2_147_483_648, 12.5, '2026-02-29', '0001-01-01', '9999-12-31', ' ', 'x'.repeat(600))
	const anyValue = fc.oneof({ arbitrary: edges, weight: 10 }, fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null))
	const field = fc.constantFrom('dActivityDate', 'nHours', 'sDescription', 'iEventId', 'aRegistrationIds', '__proto__')
	// Random fields over a valid body, so that a bad value in one field gets past the others' checks.
	const valid = { dActivityDate: today, nHours: 0.5, sDescription: 'Fuzzed reading', iEventId: 1, aRegistrationIds: [1] }
	const payload = fc.oneof(
		fc.dictionary(field, fc.oneof(anyValue, fc.array(anyValue, { minLength: 1 }))).map((fields) => ({ ...valid, ...fields })),
		fc.jsonValue(),
	)
	await fc.assert(
		fc.asyncProperty(payload, fc.constantFrom(CPE_PATHS.entries, CPE_PATHS.markAttendance, CPE_PATHS.unmarkAttendance), async (body, path) => {
			const token = path === CPE_PATHS.entries ? other.token : office.token
			const answer = await t.call(path, undefined, { token, raw: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
			expect(answer.status, JSON.stringify(body)).toBeLessThan(500)
		}),
		{ numRuns: 200 },
	)
})
