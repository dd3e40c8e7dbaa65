// Newsletter issues from the office: a real PDF only, a drawn cover when none is given, drafts
// hidden from the public list, one issue a month, the version rule.
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { fillPath } from '~/contract/endpoint'
import { NEWSLETTER_API_PATHS } from '~/contract/newsletters'
import { officeNewsletterEndpoints } from '~/contract/office/newsletters'
import { createTestStaff } from '#tests/setup/accounts'
import { createOfficeApi } from '#tests/setup/office'

let office: Awaited<ReturnType<typeof createOfficeApi>>
let token: string
let pdfBytes: Uint8Array
beforeAll(async () => {
	office = await createOfficeApi()
	token = (await createTestStaff(office.db)).token
	const pdf = await PDFDocument.create()
	pdf.addPage()
	pdf.addPage()
	pdfBytes = await pdf.save()
})
afterAll(() => office.close())

function upload(fields: Record<string, string>, file: Uint8Array = pdfBytes) {
	const form = new FormData()
	form.set('file', new Blob([file as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), 'issue.pdf')
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	return office.raw(officeNewsletterEndpoints.create.path, { token, body: form })
}
const FIELDS = { sTitle: 'Branch Bulletin, March 2031', sMonth: '2031-03', sSummary: 'Budget special.', sContents: 'Budget\nCPE' }
const publicTitles = async () =>
	((await office.call(NEWSLETTER_API_PATHS.list, { query: { oPaging: { nPageSize: 24 } } })).body.data.aItems as { sTitle: string }[]).map(
		(item) => item.sTitle,
	)

test('an issue with its PDF and a drawn cover; a draft until published; one issue a month', async () => {
	const created = await upload(FIELDS)
	expect(created.status).toBe(201)
	const issue = (await created.json()).data
	expect(issue).toMatchObject({ sTitle: FIELDS.sTitle, sMonth: '2031-03', aContents: ['Budget', 'CPE'], nPageCount: 2, bIsPublished: false, nVersion: 0 })
	expect(issue.oCover.sPath).toMatch(/^newsletters\//)
	expect(await publicTitles()).not.toContain(FIELDS.sTitle)
	const path = fillPath(officeNewsletterEndpoints.update.path, { iRecordId: issue.iRecordId })
	const published = await office.call(path, { token, method: 'PUT', body: { ...FIELDS, bIsPublished: true, nVersion: 0 } })
	expect(published.body.data).toMatchObject({ bIsPublished: true, nVersion: 1 })
	expect(await publicTitles()).toContain(FIELDS.sTitle)
	const stale = await office.call(path, { token, method: 'PUT', body: { ...FIELDS, sTitle: 'Other', nVersion: 0 } })
	expect(stale).toMatchObject({ status: 409, body: { message: 'This issue was changed by someone else since you opened it' } })
	const sameMonth = await upload({ ...FIELDS, sTitle: 'Another' })
	expect(sameMonth.status).toBe(409)
	expect((await sameMonth.json()).errors.sMonth).toEqual(['There is already an issue for this month.'])
	expect((await office.call(path, { token, method: 'DELETE' })).status).toBe(200)
	expect(await publicTitles()).not.toContain(FIELDS.sTitle)
})

test('what is not a PDF, or a bad month, is refused beside its field and nothing is kept', async () => {
	const notPdf = await upload({ ...FIELDS, sMonth: '2031-04' }, new TextEncoder().encode('PK\u0003\u0004 a zip'))
	expect(notPdf.status).toBe(400)
	expect((await notPdf.json()).errors.file).toEqual(['This file is not a PDF.'])
	const badMonth = await upload({ ...FIELDS, sMonth: 'April' })
	expect((await badMonth.json()).errors.sMonth).toEqual(['Month is a year and month, like 2026-11'])
	const list = (await office.call(officeNewsletterEndpoints.list.path, { token })).body.data as { sMonth: string }[]
	expect(list.map((item) => item.sMonth)).not.toContain('2031-04')
})
