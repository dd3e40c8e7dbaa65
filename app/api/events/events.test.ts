// The events calls on a real database with events made for each filter's edge.
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eventDetailsSchema, eventPageSchema, type EventPage } from '~/contract/events'
import { createTestDatabase } from '#tests/setup/database'
import { createApi, type ApiApp } from '../app'
import type { DatabaseHandle } from '../db/client'
import { events } from '../db/schema'
import { eventSearchText } from './service'

let database: DatabaseHandle
let api: ApiApp
const HOUR = 3_600_000
const DAY = 24 * HOUR
const now = Date.now()
const ids: Record<string, number> = {}

const picture = { sPath: 'events/a.jpg', nWidth: 1200, nHeight: 800, sAlt: 'A hall', aVariants: [{ sPath: 'events/a-480.jpg', nWidth: 480 }] }

async function insertEvent(key: string, title: string, startsAt: Date, endsAt: Date, extra: Partial<typeof events.$inferInsert> = {}) {
	const row = {
		title,
		summary: `About ${title}`,
		category: 'Seminar' as const,
		description: ['First paragraph.', 'Second paragraph.'],
		startsAt,
		endsAt,
		venueName: 'Accountants’ Bhavan',
		venueAddress: '14 Tilak Road, Pune 411030',
		city: 'Pune',
		mapUrl: 'https://www.google.com/maps/search/?api=1&query=Accountants%E2%80%99%20Bhavan',
		cpeHours: 2.5,
		feePaise: 118000,
		speakers: [{ sFullName: 'CA Asha Kelkar', sDesignation: 'Partner', sTopic: 'Returns' }],
		images: [picture],
		...extra,
	}
	const [inserted] = await database.db
		.insert(events)
		.values({ ...row, searchText: eventSearchText(row) })
		.returning({ id: events.id })
	ids[key] = inserted!.id
}

beforeAll(async () => {
	database = await createTestDatabase()
	api = createApi({ db: database.db, mediaBaseUrl: 'https://portal.example.org/media/', log: pino({ level: 'silent' }) })
	await insertEvent('past', 'Past GST seminar', new Date(now - 10 * DAY), new Date(now - 10 * DAY + 3 * HOUR))
	await insertEvent('soon', 'Upcoming audit workshop', new Date(now + 5 * DAY), new Date(now + 5 * DAY + 3 * HOUR), {
		feePaise: 0,
		cpeHours: 3,
		speakers: [{ sFullName: 'CA Ravi Dandekar', sDesignation: 'Auditor', sTopic: 'SA 700' }],
	})
	await insertEvent('running', 'Study circle in progress', new Date(now - HOUR), new Date(now + HOUR))
	// 23:30 on 31 March and 00:15 on 1 April, India time: the months are India's, not UTC's.
	await insertEvent('march', 'Late evening in March', new Date('2025-03-31T18:00:00Z'), new Date('2025-03-31T18:20:00Z'))
	await insertEvent('april', 'Early start in April', new Date('2025-03-31T18:45:00Z'), new Date('2025-03-31T20:00:00Z'))
	await insertEvent('percent', 'Tax audit: 100% coverage', new Date(now - 40 * DAY), new Date(now - 40 * DAY + HOUR))
	await insertEvent('underscore', 'Clause_44 of Form 3CD', new Date(now - 50 * DAY), new Date(now - 50 * DAY + HOUR))
	await insertEvent('quotes', `Members' "open house" evening`, new Date(now + 20 * DAY), new Date(now + 20 * DAY + HOUR), { images: [] })
	await insertEvent('hidden', 'Unpublished draft event', new Date(now + 30 * DAY), new Date(now + 30 * DAY + HOUR), { isPublished: false })
})
afterAll(() => database.close())

const PUBLISHED = ['past', 'soon', 'running', 'march', 'april', 'percent', 'underscore', 'quotes']
const keyOf = (id: number) => Object.entries(ids).find(([, value]) => value === id)?.[0]

async function getPage(path: string) {
	const response = await api.fetch(new Request(`http://in-process/api${path}`))
	expect(response.status).toBe(200)
	expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/)
	const body = (await response.json()) as { message: string; data: EventPage }
	return eventPageSchema.parse(body.data)
}
const listKeys = async (query: string) => (await getPage(`/events/list/v1?${query}`)).aItems.map((item) => keyOf(item.iEventId))

async function expectBadQuery(path: string, field: string) {
	const response = await api.fetch(new Request(`http://in-process/api${path}`))
	expect(response.status).toBe(400)
	const body = (await response.json()) as { message: string; errors: Record<string, string[]> }
	expect(body.message).toBe('Please check the query parameters.')
	expect(body.errors[field]?.[0]).toEqual(expect.any(String))
}

describe('GET /events/list/v1', () => {
	test('lists every published event, newest first, with the total', async () => {
		const page = await getPage('/events/list/v1?nLimit=50')
		expect(page.nTotal).toBe(PUBLISHED.length)
		expect(page.aItems.map((item) => keyOf(item.iEventId)).sort()).toEqual([...PUBLISHED].sort())
		const starts = page.aItems.map((item) => item.dStartDate)
		expect(starts).toEqual([...starts].sort().reverse())
		const soon = page.aItems.find((item) => item.iEventId === ids.soon)
		expect(soon).toMatchObject({ sTitle: 'Upcoming audit workshop', nFeePaise: 0, nCpeHours: 3, sCity: 'Pune', oImage: picture })
		expect(page.aItems.find((item) => item.iEventId === ids.quotes)?.oImage).toBeNull()
	})

	test('sorts oldest first on request', async () => {
		const starts = (await getPage('/events/list/v1?sSortOrder=asc&nLimit=50')).aItems.map((item) => item.dStartDate)
		expect(starts).toEqual([...starts].sort())
	})

	test('upcoming means not yet ended (an event in progress is upcoming); past means ended', async () => {
		expect((await listKeys('sWhen=upcoming')).sort()).toEqual(['quotes', 'running', 'soon'])
		expect((await listKeys('sWhen=past')).sort()).toEqual(['april', 'march', 'past', 'percent', 'underscore'])
	})

	test('the month filter uses India time', async () => {
		expect(await listKeys('sMonth=2025-03')).toEqual(['march'])
		expect(await listKeys('sMonth=2025-04')).toEqual(['april'])
		expect(await listKeys('sMonth=2024-12')).toEqual([])
		expect(await listKeys('sMonth=2025-03&sWhen=upcoming')).toEqual([])
	})

	test.each([
		['gst', ['past']],
		['AUDIT', ['percent', 'soon']],
		['Dandekar', ['soon']],
		['100%', ['percent']],
		['%', ['percent']],
		['_', ['underscore']],
		['Clause_44', ['underscore']],
		['Clause%44', []],
		['G_T', []],
		["Members'", ['quotes']],
		['"open house"', ['quotes']],
		['\\', []],
		['  gst  ', ['past']],
	])('text search %j matches literally', async (text, expected) => {
		expect((await listKeys(`sSearch=${encodeURIComponent(text)}&nLimit=50`)).sort()).toEqual(expected)
	})

	test('pages split the list without gaps or repeats; a page past the end is empty', async () => {
		const pages = await Promise.all([1, 2, 3].map((n) => getPage(`/events/list/v1?nLimit=3&nPage=${n}`)))
		expect(pages.map((page) => page.aItems.length)).toEqual([3, 3, 2])
		const all = pages.flatMap((page) => page.aItems.map((item) => item.iEventId))
		expect(new Set(all).size).toBe(PUBLISHED.length)
		for (const page of pages) expect(page).toMatchObject({ nTotal: PUBLISHED.length, nLimit: 3 })
		const beyond = await getPage('/events/list/v1?nLimit=3&nPage=4')
		expect(beyond).toEqual({ aItems: [], nTotal: PUBLISHED.length, nPage: 4, nLimit: 3 })
		expect((await getPage('/events/list/v1?nLimit=50')).aItems).toHaveLength(PUBLISHED.length)
	})

	test('empty parameters, as a GET form sends them, mean no filter', async () => {
		const page = await getPage('/events/list/v1?sSearch=&sMonth=&sWhen=&nPage=&nLimit=&sSortOrder=')
		expect(page).toMatchObject({ nTotal: PUBLISHED.length, nPage: 1, nLimit: 9 })
	})

	test.each([
		['nPage=0', 'nPage'],
		['nPage=-1', 'nPage'],
		['nPage=1.5', 'nPage'],
		['nPage=abc', 'nPage'],
		['nPage=10001', 'nPage'],
		['nLimit=0', 'nLimit'],
		['nLimit=51', 'nLimit'],
		['sMonth=2025-13', 'sMonth'],
		['sMonth=2025-3', 'sMonth'],
		['sMonth=March', 'sMonth'],
		['sWhen=soon', 'sWhen'],
		['sSortOrder=random', 'sSortOrder'],
		[`sSearch=${'x'.repeat(101)}`, 'sSearch'],
	])('%s is a 400 naming the parameter', async (query, field) => {
		await expectBadQuery(`/events/list/v1?${query}`, field)
	})
})

describe('GET /events/upcoming/v1', () => {
	test('only events not yet ended, soonest first; a sWhen parameter changes nothing', async () => {
		const page = await getPage('/events/upcoming/v1?sWhen=past')
		expect(page.aItems.map((item) => keyOf(item.iEventId))).toEqual(['running', 'soon', 'quotes'])
		expect(page.nTotal).toBe(3)
	})

	test('pages and limits like the list', async () => {
		const page = await getPage('/events/upcoming/v1?nLimit=2&nPage=2')
		expect(page).toMatchObject({ nTotal: 3, nPage: 2, nLimit: 2 })
		expect(page.aItems.map((item) => keyOf(item.iEventId))).toEqual(['quotes'])
		await expectBadQuery('/events/upcoming/v1?nLimit=abc', 'nLimit')
	})
})

describe('GET /events/details/v1/{iEventId}', () => {
	test('answers every detail of a published event', async () => {
		const response = await api.fetch(new Request(`http://in-process/api/events/details/v1/${ids.soon}`))
		expect(response.status).toBe(200)
		expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/)
		const body = (await response.json()) as { data: unknown }
		const event = eventDetailsSchema.parse(body.data)
		expect(event).toMatchObject({
			iEventId: ids.soon,
			sTitle: 'Upcoming audit workshop',
			aParagraphs: ['First paragraph.', 'Second paragraph.'],
			sVenueAddress: '14 Tilak Road, Pune 411030',
			aSpeakers: [{ sFullName: 'CA Ravi Dandekar', sDesignation: 'Auditor', sTopic: 'SA 700' }],
			aImages: [picture],
			nSeatLimit: null,
			dRegistrationClosesAt: null,
		})
		expect(new Date(event.dStartDate).getTime()).toBe(now + 5 * DAY)
	})

	test.each(['999999', 'hidden', 'abc', '0', '01', '-1', '1.5', '1e3', '99999999999'])('%s is a 404', async (id) => {
		const path = id === 'hidden' ? String(ids.hidden) : id
		const response = await api.fetch(new Request(`http://in-process/api/events/details/v1/${path}`))
		expect(response.status).toBe(404)
		expect(await response.json()).toEqual({ message: 'No such event.' })
	})
})
