import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
	NEWSLETTER_API_PATHS,
	NEWSLETTER_PAGE_SIZE,
	newsletterIssueSchema,
	SUBSCRIBE_RATE_LIMITS,
	SUBSCRIBED_MESSAGE,
	type NewsletterListPage,
	type NewsletterListQuery,
} from '~/contract/newsletters'
import { serialiseQuery } from '~/contract/query-string'
import { createTestDatabase } from '#tests/setup/database'
import { createApi, type ApiApp } from '../app'
import type { DatabaseHandle } from '../db/client'
import { newsletterIssues, newsletterSubscriptions } from '../db/schema'
import { seedDemoContent } from '../demo/seed'
import { readMediaFile } from '../media/service'

let database: DatabaseHandle
let api: ApiApp

beforeAll(async () => {
	database = await createTestDatabase()
	await seedDemoContent(database.db)
	api = createApi({ db: database.db, mediaBaseUrl: 'https://portal.example.org/media/', log: pino({ level: 'silent' }) })
})
afterAll(() => database.close())

type Body = { message: string; data?: unknown; errors?: Record<string, string[]> }

async function list(query: NewsletterListQuery | string = {}) {
	const search = typeof query === 'string' ? query : serialiseQuery(query)
	const response = await api.fetch(new Request(`http://in-process/api${NEWSLETTER_API_PATHS.list}?${search}`))
	const body = (await response.json()) as Body
	return { response, body, page: body.data as NewsletterListPage }
}

describe(`GET ${NEWSLETTER_API_PATHS.list}`, () => {
	test('without parameters: the newest issues first, a page of the default size, the total and the years', async () => {
		const { response, page } = await list()
		expect(response.status).toBe(200)
		expect(response.headers.get('cache-control')).toBe('public, max-age=60')
		expect(page.nTotal).toBe(12)
		expect(page.aItems).toHaveLength(NEWSLETTER_PAGE_SIZE.default)
		const issues = page.aItems.map((item) => newsletterIssueSchema.parse(item))
		expect(issues.map((i) => i.dDate)).toEqual(
			issues
				.map((i) => i.dDate)
				.toSorted()
				.reverse(),
		)
		const years = new Set((await list({ oPaging: { nPageSize: 24 } })).page.aItems.map((i) => Number(i.dDate.slice(0, 4))))
		expect(page.aYears).toEqual([...years].toSorted().reverse())
	})

	test('every issue has a real, small PDF and a cover', async () => {
		const { page } = await list({ oPaging: { nPageSize: 24 } })
		for (const issue of page.aItems) {
			const file = await readMediaFile(database.db, issue.sPdfPath)
			expect(file?.contentType).toBe('application/pdf')
			expect(file!.bytes.subarray(0, 5).toString()).toBe('%PDF-')
			expect(file!.size).toBe(issue.nPdfBytes)
			expect(file!.size).toBeLessThan(20_000)
			expect(issue.nPageCount).toBeGreaterThanOrEqual(2)
			expect(issue.oCover.aVariants.map((v) => v.nWidth)).toEqual([170])
			expect(issue.oCover).toMatchObject({ nWidth: 340, nHeight: 480, sAlt: '' })
		}
	})

	test('filters by year and month', async () => {
		const newest = (await list()).page.aItems[0]!
		const [year, month] = newest.dDate.split('-').map(Number) as [number, number]
		const { page } = await list({ oFilter: { nYear: year, nMonth: month } })
		expect(page.nTotal).toBe(1)
		expect(page.aItems[0]!.iRecordId).toBe(newest.iRecordId)
		const byYear = (await list({ oFilter: { nYear: year }, oPaging: { nPageSize: 24 } })).page
		expect(byYear.aItems.every((i) => i.dDate.startsWith(`${year}-`))).toBe(true)
		expect(byYear.nTotal).toBe(byYear.aItems.length)
		expect((await list({ oFilter: { nYear: 1999 } })).page).toMatchObject({ nTotal: 0, aItems: [] })
	})

	test('searches titles, summaries and contents, case-insensitively', async () => {
		const gst = (await list({ oFilter: { sSearch: 'gst UPDATE' }, oPaging: { nPageSize: 24 } })).page
		expect(gst.nTotal).toBe(2)
		for (const issue of gst.aItems) expect(issue.aContents.join(' ').toLowerCase()).toContain('gst update')
		const columns = (await list({ oFilter: { sSearch: 'compliance calendar' } })).page
		expect(columns.nTotal).toBe(12)
	})

	test.each(['%', '_', '\\', "'", '"', "'; drop table newsletter_issues; --", '100%'])('the search text %s is literal', async (text) => {
		const { response, page } = await list({ oFilter: { sSearch: text } })
		expect(response.status).toBe(200)
		expect(page.nTotal).toBe(0)
	})

	test('a literal wildcard character is found where it occurs', async () => {
		const [issue] = await database.db.select().from(newsletterIssues).limit(1)
		await database.db
			.update(newsletterIssues)
			.set({ summary: `${issue!.summary} Turnover grew 12% under rule_36.` })
			.where(eq(newsletterIssues.id, issue!.id))
		expect((await list({ oFilter: { sSearch: '12%' } })).page.nTotal).toBe(1)
		expect((await list({ oFilter: { sSearch: 'rule_36' } })).page.nTotal).toBe(1)
		expect((await list({ oFilter: { sSearch: 'rule_3_' } })).page.nTotal).toBe(0)
	})

	test('sorts by title or date, either way', async () => {
		const asc = (await list({ oSort: { sField: 'dDate', sOrder: 'asc' } })).page.aItems.map((i) => i.dDate)
		expect(asc).toEqual(asc.toSorted())
		const byTitle = (await list({ oSort: { sField: 'sTitle', sOrder: 'asc' }, oPaging: { nPageSize: 24 } })).page.aItems.map((i) => i.sTitle)
		expect(byTitle).toEqual(byTitle.toSorted((a, b) => (a < b ? -1 : 1)))
	})

	test('paging: the last page is partial, a page beyond is empty, pages do not overlap', async () => {
		const pages = await Promise.all([1, 2, 3].map((nPage) => list({ oPaging: { nPage, nPageSize: 5 } })))
		expect(pages.map((p) => p.page.aItems.length)).toEqual([5, 5, 2])
		const ids = pages.flatMap((p) => p.page.aItems.map((i) => i.iRecordId))
		expect(new Set(ids).size).toBe(12)
		expect((await list({ oPaging: { nPage: 4, nPageSize: 5 } })).page).toMatchObject({ aItems: [], nTotal: 12, nPage: 4 })
	})

	test.each([
		['oFilter[nMonth]=13', 'oFilter.nMonth'],
		['oFilter[nMonth]=0', 'oFilter.nMonth'],
		['oFilter[nYear]=twenty', 'oFilter.nYear'],
		['oFilter[sSearch]=' + 'x'.repeat(101), 'oFilter.sSearch'],
		['oFilter[sSearch][0]=a', 'oFilter.sSearch'],
		['oPaging[nPage]=0', 'oPaging.nPage'],
		['oPaging[nPage]=1.5', 'oPaging.nPage'],
		['oPaging[nPageSize]=25', 'oPaging.nPageSize'],
		['oSort[sField]=password', 'oSort.sField'],
		['oSort[sOrder]=sideways', 'oSort.sOrder'],
		['oFilter=2026', 'oFilter'],
	])('%s is a 400 naming %s', async (search, field) => {
		const { response, body } = await list(search)
		expect(response.status).toBe(400)
		expect(body.errors).toHaveProperty([field])
	})

	test.each(['oFilter[nYear]=2026&oFilter[nYear]=2025', 'oFilter[nYear]=1&oFilter[nYear][x]=2', 'oFilter[a][b][c][d]=1', 'a]=1'])(
		'the malformed query %s is a 400',
		async (search) => {
			const { response, body } = await list(search)
			expect(response.status).toBe(400)
			expect(body.message).toMatch(/query parameter/)
		},
	)

	test('unknown parameters are ignored', async () => {
		expect((await list('oFilter[sColour]=red&utm_source=mail')).page.nTotal).toBe(12)
	})
})

describe(`POST ${NEWSLETTER_API_PATHS.subscribe}`, () => {
	let address = 0
	// Each test its own client address, so the per-client limit of one test does not touch another.
	function subscribe(body: unknown, clientAddress = `203.0.113.${++address}`) {
		return api.fetch(
			new Request(`http://in-process/api${NEWSLETTER_API_PATHS.subscribe}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: typeof body === 'string' ? body : JSON.stringify(body),
			}),
			{ clientAddress },
		)
	}
	const subscribers = (email: string) => database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email))

	test('subscribes: the message in `message`, the e-mail stored lowercased and trimmed', async () => {
		const response = await subscribe({ sFullName: ' Asha Kulkarni ', sMembershipNumber: '123456', sEmail: ' Asha.K@Example.IN ' })
		expect(response.status).toBe(200)
		expect(await response.json()).toEqual({ message: SUBSCRIBED_MESSAGE })
		expect(await subscribers('asha.k@example.in')).toMatchObject([{ fullName: 'Asha Kulkarni', membershipNumber: '123456' }])
	})

	test('a second subscription of the same e-mail answers the same and adds no row', async () => {
		const first = { sFullName: 'Ravi Deshpande', sMembershipNumber: '654321', sEmail: 'ravi@example.in' }
		await subscribe(first)
		const again = await subscribe({ ...first, sFullName: 'Someone Else', sEmail: 'RAVI@example.in' })
		expect(again.status).toBe(200)
		expect(await again.json()).toEqual({ message: SUBSCRIBED_MESSAGE })
		expect(await subscribers('ravi@example.in')).toMatchObject([{ fullName: 'Ravi Deshpande' }])
	})

	test.each([
		[{}, { sFullName: ['Name is required'], sMembershipNumber: ['MembershipNumber is required'], sEmail: ['Email is required'] }],
		[
			{ sFullName: '  ', sMembershipNumber: '', sEmail: '' },
			{ sFullName: ['Name is required'], sMembershipNumber: ['MembershipNumber is required'], sEmail: ['Email is required'] },
		],
		[{ sFullName: 'A', sMembershipNumber: '1', sEmail: 'not-an-email' }, { sEmail: ['Invalid email format'] }],
		[{ sFullName: 'A', sMembershipNumber: '1234567', sEmail: 'a@example.in' }, { sMembershipNumber: ['MembershipNumber must be at most 6 characters'] }],
		[
			{ sFullName: 42, sMembershipNumber: ['1'], sEmail: null },
			{ sFullName: ['Name is required'], sMembershipNumber: ['MembershipNumber is required'], sEmail: ['Email is required'] },
		],
	])('%j is a 400 with the spec messages', async (body, errors) => {
		const response = await subscribe(body)
		expect(response.status).toBe(400)
		expect(((await response.json()) as Body).errors).toEqual(errors)
	})

	test('a body that is not JSON is a 400', async () => {
		const response = await subscribe('{"sEmail":')
		expect(response.status).toBe(400)
	})

	test(`more than ${SUBSCRIBE_RATE_LIMITS.perEmail.limit} tries for one e-mail within the hour are refused with 429 and Retry-After`, async () => {
		const body = { sFullName: 'Meera Joshi', sMembershipNumber: '111222', sEmail: 'meera@example.in' }
		for (let i = 0; i < SUBSCRIBE_RATE_LIMITS.perEmail.limit; i++) expect((await subscribe(body)).status).toBe(200)
		const refused = await subscribe(body)
		expect(refused.status).toBe(429)
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
		expect(((await refused.json()) as Body).message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/)
		// Another address of the same client still goes through.
		expect((await subscribe({ ...body, sEmail: 'meera.office@example.in' })).status).toBe(200)
	})

	test(`one client may subscribe ${SUBSCRIBE_RATE_LIMITS.perClient.limit} addresses within the hour (an office), then is refused`, async () => {
		const office = '198.51.100.7'
		for (let i = 0; i < SUBSCRIBE_RATE_LIMITS.perClient.limit; i++) {
			expect((await subscribe({ sFullName: `Staff ${i}`, sMembershipNumber: `9${i}`, sEmail: `staff${i}@firm.example.in` }, office)).status).toBe(200)
		}
		expect((await subscribe({ sFullName: 'One more', sMembershipNumber: '1', sEmail: 'more@firm.example.in' }, office)).status).toBe(429)
		expect((await subscribe({ sFullName: 'Elsewhere', sMembershipNumber: '1', sEmail: 'more@firm.example.in' }, '198.51.100.8')).status).toBe(200)
	})
})
