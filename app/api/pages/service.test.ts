// The accessibility statement and the privacy notice: there from the first start, built from the
// branch's particulars (never the demo's), and the office's to rewrite like any information page.
import pino from 'pino'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Page } from '~/contract/api'
import { textFromBlocks } from '~/contract/page-text'
import { createTestStaff, TEST_SETTINGS } from '#tests/setup/accounts'
import { createTestDatabase } from '#tests/setup/database'
import { createOfficeApi } from '#tests/setup/office'
import { createApi } from '../app'
import { defaultPageText } from './service'

let office: Awaited<ReturnType<typeof createOfficeApi>>
let token: string
beforeAll(async () => {
	office = await createOfficeApi()
	token = (await createTestStaff(office.db)).token
})
afterAll(() => office.close())

const publicPage = async (slug: string) => (await office.call(`/pages/${slug}/v1`)).body.data as Page
const { branch } = TEST_SETTINGS

test('the privacy notice names the branch, its grievance officer, what is kept and for how long, and how to download or close', async () => {
	const page = await publicPage('privacy')
	expect(page.sTitle).toBe('Privacy notice')
	const text = textFromBlocks(page.aBlocks)
	for (const fact of [
		branch.name,
		branch.address,
		branch.email,
		branch.phone,
		'The branch secretary',
		'Data Protection Board of India',
		'72 months',
		'Download my data',
		'Close my account',
		'(/member/profile)',
	]) {
		expect(text).toContain(fact)
	}
	expect(text).not.toMatch(/Sahyadri|example\.org/)
	const named = textFromBlocks(
		defaultPageText('privacy', { ...branch, grievance: { officer: 'Ms Kavita Rao, Branch Secretary', email: 'grievance@test.example' } }).blocks,
	)
	expect(named).toContain('Ms Kavita Rao, Branch Secretary')
	expect(named).toContain('[Write to the grievance officer](mailto:grievance@test.example)')
})

test('the accessibility statement says what was tested and how, what is not right yet, and whom to tell', async () => {
	const page = await publicPage('accessibility')
	expect(page.sTitle).toBe('Accessibility statement')
	const text = textFromBlocks(page.aBlocks)
	for (const fact of [
		'WCAG) 2.2 at level AA',
		'axe-core',
		'JavaScript on and once with it off',
		'w3m',
		'screen reader',
		'## What is not right yet',
		branch.email,
	])
		expect(text).toContain(fact)
})

test('the office rewrites a statement like any page: the default stays public until the draft is published', async () => {
	const list = (await office.call('/office/pages/v1', { token })).body.data as { sSlug: string; bIsPublished: boolean }[]
	expect(list.filter((page) => ['privacy', 'accessibility'].includes(page.sSlug)).map((page) => page.bIsPublished)).toEqual([true, true])
	const before = await publicPage('privacy')
	const saved = await office.call('/office/pages/privacy/draft/v1', {
		token,
		method: 'PUT',
		body: { sTitle: 'Privacy notice', sSummary: '', aBlocks: [{ sType: 'paragraph', sText: 'Our own words.' }], nVersion: 0 },
	})
	expect(saved.status).toBe(200)
	expect((await publicPage('privacy')).aBlocks).toEqual(before.aBlocks)
	expect((await office.call('/office/pages/privacy/publish/v1', { token, body: { nVersion: 1 } })).status).toBe(200)
	expect((await publicPage('privacy')).aBlocks).toEqual([{ sType: 'paragraph', sText: 'Our own words.' }])
})

test('without the branch’s particulars (an API used on its own) the statements speak of “the branch”', async () => {
	const database = await createTestDatabase()
	try {
		const api = createApi({ db: database.db, mediaBaseUrl: 'http://localhost/media/', log: pino({ level: 'silent' }) })
		const answer = await api.fetch(new Request('http://in-process/api/pages/privacy/v1'))
		expect(answer.status).toBe(200)
		expect(textFromBlocks(((await answer.json()) as { data: Page }).data.aBlocks)).toContain('Write to the branch office with any question')
	} finally {
		await database.close()
	}
})
