// The office's newsletter issues (contract: app/contract/office/newsletters.ts).
import { desc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { contentsOf, newsletterFieldsSchema, OFFICE_NEWSLETTER_MESSAGES, officeNewsletterEndpoints, type OfficeNewsletter } from '~/contract/office/newsletters'
import { contentChanged } from '../../content-version'
import { newsletterIssues } from '../../db/schema'
import { storeSeedImage } from '../../db/seed-media'
import { coverDrawing, NEWSLETTER_COVER_HEIGHTS } from '../../db/seed-newsletters'
import { handle } from '../../endpoints'
import { ApiError, fieldErrors } from '../../http'
import { ImageError } from '../../images'
import { newMediaPath, saveMediaFile } from '../../media/service'
import { checkPdf, PdfError } from '../../pdf-check'
import { recordAudit } from '../audit'
import { updateVersioned } from '../versioned'
import type { ApiEnv } from '../../env'

export const officeNewsletterRoutes = new Hono<ApiEnv>()

type Row = typeof newsletterIssues.$inferSelect
const FIELD_ERRORS = 'Please correct the highlighted fields.'

const toOffice = (row: Row): OfficeNewsletter => ({
	iRecordId: row.id,
	sTitle: row.title,
	sMonth: row.issueMonth.slice(0, 7),
	sSummary: row.summary,
	aContents: row.contents,
	oCover: row.cover,
	sPdfPath: row.pdfPath,
	nPdfBytes: row.pdfBytes,
	nPageCount: row.pageCount,
	bIsPublished: row.isPublished,
	nVersion: row.version,
})

/** A month that already has an issue is told beside the month field. */
function monthTaken(error: unknown): never {
	if (error instanceof Error && /newsletter_issues_issue_month_unique|duplicate key/.test(`${error.message} ${(error as { cause?: { message?: string } }).cause?.message ?? ''}`)) {
		throw new ApiError(409, FIELD_ERRORS, { sMonth: [OFFICE_NEWSLETTER_MESSAGES.monthTaken] })
	}
	throw error
}

handle(officeNewsletterRoutes, officeNewsletterEndpoints.list, async ({ deps }) => ({
	message: 'Newsletter issues',
	data: (await deps.db.select().from(newsletterIssues).orderBy(desc(newsletterIssues.issueMonth))).map(toOffice),
}))

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
	let coverImage
	try {
		const picture = cover instanceof File && cover.size > 0 ? Buffer.from(await cover.arrayBuffer()) : await coverDrawing(Date.parse(`${fields.data.sMonth}-01`) / 86_400_000)
		coverImage = await storeSeedImage(deps.db, picture, { folder: 'newsletters', widths: NEWSLETTER_COVER_HEIGHTS, alt: `Cover of ${fields.data.sTitle}` })
	} catch (error) {
		if (error instanceof ImageError) throw new ApiError(400, FIELD_ERRORS, { cover: [error.message] })
		throw error
	}
	const row = await deps.db
		.transaction(async (tx) => {
			const pdfPath = await saveMediaFile(tx, { path: newMediaPath('newsletters', 'application/pdf'), contentType: 'application/pdf', bytes })
			const [inserted] = await tx
				.insert(newsletterIssues)
				.values({
					title: fields.data.sTitle,
					issueMonth: `${fields.data.sMonth}-01`,
					summary: fields.data.sSummary,
					contents: contentsOf(fields.data.sContents),
					cover: coverImage,
					pdfPath,
					pdfBytes: bytes.length,
					pageCount,
					isPublished: fields.data.bIsPublished ?? false,
				})
				.returning()
			await recordAudit(tx, caller.staff, { action: 'create', entity: 'newsletter', entityId: inserted!.id, summary: `Added “${inserted!.title}”${inserted!.isPublished ? ', published' : ' as a draft'}` })
			return inserted!
		})
		.catch(monthTaken)
	await contentChanged(deps.db)
	return { message: OFFICE_NEWSLETTER_MESSAGES.created, data: toOffice(row), status: 201 }
})

handle(officeNewsletterRoutes, officeNewsletterEndpoints.update, async ({ deps, caller, params, body }) => {
	const row = await deps.db
		.transaction(async (tx) => {
			const updated = await updateVersioned(
				tx,
				newsletterIssues,
				params.iRecordId,
				body.nVersion,
				{ title: body.sTitle, issueMonth: `${body.sMonth}-01`, summary: body.sSummary, contents: contentsOf(body.sContents), isPublished: body.bIsPublished ?? false },
				{ thing: 'issue', notFound: OFFICE_NEWSLETTER_MESSAGES.notFound },
			)
			await recordAudit(tx, caller.staff, { action: 'update', entity: 'newsletter', entityId: updated.id, summary: `Edited “${updated.title}”${updated.isPublished ? ' (published)' : ' (draft)'}` })
			return updated
		})
		.catch(monthTaken)
	await contentChanged(deps.db)
	return { message: OFFICE_NEWSLETTER_MESSAGES.saved, data: toOffice(row) }
})

handle(officeNewsletterRoutes, officeNewsletterEndpoints.remove, async ({ deps, caller, params }) => {
	await deps.db.transaction(async (tx) => {
		const [removed] = await tx.delete(newsletterIssues).where(eq(newsletterIssues.id, params.iRecordId)).returning()
		if (!removed) throw new ApiError(404, OFFICE_NEWSLETTER_MESSAGES.notFound)
		await recordAudit(tx, caller.staff, { action: 'delete', entity: 'newsletter', entityId: removed.id, summary: `Deleted “${removed.title}”` })
	})
	await contentChanged(deps.db)
	return { message: OFFICE_NEWSLETTER_MESSAGES.deleted, data: undefined }
})
