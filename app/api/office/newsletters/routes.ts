// The office's newsletter issues (contract: app/contract/office/newsletters.ts).
import { Hono } from 'hono'
import { newsletterFieldsSchema, OFFICE_NEWSLETTER_MESSAGES, officeNewsletterEndpoints } from '~/contract/office/newsletters'
import { handle } from '../../endpoints'
import { ApiError, fieldErrors } from '../../http'
import { checkPdf, PdfError } from '../../pdf-check'
import { addIssue, FIELD_ERRORS, listOfficeIssues, removeIssue, storeIssueCover, updateIssue } from './service'
import type { ApiEnv } from '../../env'

export const officeNewsletterRoutes = new Hono<ApiEnv>()

handle(officeNewsletterRoutes, officeNewsletterEndpoints.list, async ({ deps }) => ({ message: 'Newsletter issues', data: await listOfficeIssues(deps.db) }))

handle(officeNewsletterRoutes, officeNewsletterEndpoints.create, async ({ c, deps, caller }) => {
	const form = await c.req.formData().catch(() => {
		throw new ApiError(400, 'Send the issue as multipart/form-data.')
	})
	const fields = newsletterFieldsSchema.safeParse({
		sTitle: form.get('sTitle') ?? undefined,
		sMonth: form.get('sMonth') ?? undefined,
		sSummary: form.get('sSummary') ?? undefined,
		sContents: form.get('sContents') ?? undefined,
		bIsPublished: form.get('bIsPublished') === 'on' || form.get('bIsPublished') === 'true',
	})
	const errors: Record<string, string[]> = fields.success ? {} : fieldErrors(fields.error)
	const file = form.get('file')
	const cover = form.get('cover')
	let pageCount = 0
	if (!(file instanceof File) || file.size === 0) errors.file = ['Choose the issue’s PDF']
	else {
		try {
			pageCount = (await checkPdf(new Uint8Array(await file.arrayBuffer()))).pageCount
		} catch (error) {
			if (!(error instanceof PdfError)) throw error
			errors.file = [error.message]
		}
	}
	if (!fields.success || Object.keys(errors).length > 0 || !(file instanceof File)) throw new ApiError(400, FIELD_ERRORS, errors)
	const bytes = Buffer.from(await file.arrayBuffer())
	const chosenCover = cover instanceof File && cover.size > 0 ? Buffer.from(await cover.arrayBuffer()) : null
	const coverImage = await storeIssueCover(deps.db, chosenCover, fields.data)
	const data = await addIssue(deps.db, caller.staff, fields.data, { bytes, pageCount, cover: coverImage })
	return { message: OFFICE_NEWSLETTER_MESSAGES.created, data, status: 201 }
})

handle(officeNewsletterRoutes, officeNewsletterEndpoints.update, async ({ deps, caller, params, body }) => ({
	message: OFFICE_NEWSLETTER_MESSAGES.saved,
	data: await updateIssue(deps.db, caller.staff, params.iRecordId, body),
}))

handle(officeNewsletterRoutes, officeNewsletterEndpoints.remove, async ({ deps, caller, params }) => {
	await removeIssue(deps.db, caller.staff, params.iRecordId)
	return { message: OFFICE_NEWSLETTER_MESSAGES.deleted, data: undefined }
})
