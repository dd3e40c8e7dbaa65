// The office's information pages (contract: app/contract/office/pages.ts): a draft beside the
// published text, published on request; PDFs attached through the media store.
import { Hono } from 'hono'
import { OFFICE_PAGE_MESSAGES, officePageEndpoints } from '~/contract/office/pages'
import { handle } from '../../endpoints'
import { ApiError } from '../../http'
import { attachPdf, findOfficePage, listOfficePages, publishDraft, saveDraft } from './service'
import type { ApiEnv } from '../../env'

export const officePageRoutes = new Hono<ApiEnv>()

handle(officePageRoutes, officePageEndpoints.list, async ({ deps }) => ({ message: 'Pages', data: await listOfficePages(deps.db, deps.settings?.branch) }))

handle(officePageRoutes, officePageEndpoints.details, async ({ deps, params }) => ({
	message: 'Page',
	data: await findOfficePage(deps.db, params.sSlug, deps.settings?.branch),
}))

handle(officePageRoutes, officePageEndpoints.saveDraft, async ({ deps, caller, params, body }) => ({
	message: OFFICE_PAGE_MESSAGES.saved,
	data: await saveDraft(deps.db, caller.staff, params.sSlug, body, deps.settings?.branch),
}))

handle(officePageRoutes, officePageEndpoints.publish, async ({ deps, caller, params, body }) => ({
	message: OFFICE_PAGE_MESSAGES.published,
	data: await publishDraft(deps.db, caller.staff, params.sSlug, body.nVersion, deps.settings?.branch),
}))

handle(officePageRoutes, officePageEndpoints.attach, async ({ c, deps, caller, params }) => {
	const form = await c.req.formData().catch(() => {
		throw new ApiError(400, 'Send the PDF as multipart/form-data.')
	})
	const file = form.get('file')
	const sText = String(form.get('sText') ?? '').trim()
	const errors: Record<string, string[]> = {}
	if (!sText) errors.sText = ['Label is required']
	else if (sText.length > 120) errors.sText = ['Label must be at most 120 characters']
	if (!(file instanceof File) || file.size === 0) errors.file = ['Choose a PDF']
	if (Object.keys(errors).length > 0 || !(file instanceof File)) throw new ApiError(400, 'Please correct the highlighted fields.', errors)
	const bytes = Buffer.from(await file.arrayBuffer())
	const sPath = await attachPdf(deps.db, caller.staff, params.sSlug, sText, bytes)
	return { message: OFFICE_PAGE_MESSAGES.attached, data: { sPath, sText }, status: 201 }
})
