// The office's information pages: a draft beside the published text, the version rule, publishing
// (public at once), PDFs checked before they are attached, links that cannot run script.
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { fillPath } from '~/contract/endpoint'
import { officePageEndpoints } from '~/contract/office/pages'
import { createTestStaff } from '#tests/setup/accounts'
import { createOfficeApi } from '#tests/setup/office'
import { readContentVersion } from '../../content-version'

let office: Awaited<ReturnType<typeof createOfficeApi>>
let token: string
beforeAll(async () => {
	office = await createOfficeApi()
	token = (await createTestStaff(office.db)).token
})
afterAll(() => office.close())

const path = (entry: keyof typeof officePageEndpoints, sSlug = 'resources') => fillPath(officePageEndpoints[entry].path, { sSlug })
const publicPage = async (slug: string) => (await office.call(`/pages/${slug}/v1`)).body.data

test('a draft stays private until published; publishing shows it at once; a stale save is refused', async () => {
	const empty = await publicPage('resources')
	expect(empty).toMatchObject({ sTitle: 'Resources', aBlocks: [] })
	const blocks = [
		{ sType: 'heading', sText: 'Forms' },
		{ sType: 'link', sText: 'The institute', sUrl: 'https://example.org/' },
	]
	const saved = await office.call(path('saveDraft'), {
		token,
		method: 'PUT',
		body: { sTitle: 'Resources for members', sSummary: '', aBlocks: blocks, nVersion: 0 },
	})
	expect(saved.status).toBe(200)
	expect(saved.body.data).toMatchObject({ nVersion: 1, oDraft: { sTitle: 'Resources for members' }, bIsPublished: false })
	expect((await publicPage('resources')).aBlocks).toEqual([])
	const stale = await office.call(path('saveDraft'), { token, method: 'PUT', body: { sTitle: 'Other', sSummary: '', aBlocks: [], nVersion: 0 } })
	expect(stale).toMatchObject({ status: 409, body: { message: 'This page was changed by someone else since you opened it' } })
	const before = await readContentVersion(office.db)
	const published = await office.call(path('publish'), { token, body: { nVersion: 1 } })
	expect(published.body.data).toMatchObject({ oDraft: null, bIsPublished: true, nVersion: 2 })
	expect(await readContentVersion(office.db)).toBeGreaterThan(before)
	expect(await publicPage('resources')).toMatchObject({ sTitle: 'Resources for members', aBlocks: blocks })
	expect((await office.call(path('publish'), { token, body: { nVersion: 2 } })).status).toBe(409)
})

test('a link that could run script, or a file that was not attached here, is refused', async () => {
	const bad = await office.call(path('saveDraft', 'about'), {
		token,
		method: 'PUT',
		body: {
			sTitle: 'About',
			sSummary: '',
			aBlocks: [
				{ sType: 'link', sText: 'x', sUrl: 'javascript:alert(1)' },
				{ sType: 'file', sText: 'y', sPath: '../secret.pdf' },
			],
			nVersion: 0,
		},
	})
	expect(bad.status).toBe(400)
	expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['aBlocks.0.sUrl', 'aBlocks.1.sPath'])
})

test('a PDF is attached only when it is one', async () => {
	const pdf = await PDFDocument.create()
	pdf.addPage()
	const attach = (bytes: Uint8Array, sText = 'Annual report') => {
		const form = new FormData()
		form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), 'report.pdf')
		form.set('sText', sText)
		return office.raw(path('attach'), { token, body: form })
	}
	const ok = await attach(await pdf.save())
	expect(ok.status).toBe(201)
	const { sPath } = (await ok.json()).data
	expect(sPath).toMatch(/^pages\/[0-9a-f-]{36}\.pdf$/)
	const notPdf = await attach(new TextEncoder().encode('<html>not a pdf</html>'))
	expect(notPdf.status).toBe(400)
	expect((await notPdf.json()).errors.file).toEqual(['This file is not a PDF.'])
	expect((await (await attach(await pdf.save(), '')).json()).errors.sText).toEqual(['Label is required'])
})
