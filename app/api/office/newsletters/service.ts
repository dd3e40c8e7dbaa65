// The office's newsletter issues: listing them, storing a new issue with its PDF and cover,
// editing and deleting; every change is audited and tells the site its content changed.
import { desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { contentsOf, OFFICE_NEWSLETTER_MESSAGES, type newsletterFieldsSchema, type OfficeNewsletter } from '~/contract/office/newsletters'
import type { ResponsiveImage } from '~/contract/images'
import type { Database } from '../../db/client'
import { newsletterIssues } from '../../db/schema'
import { storePicture } from '../../media/pictures'
import { coverDrawing, NEWSLETTER_COVER_HEIGHTS } from '../../newsletters/cover'
import { ApiError } from '../../http'
import { ImageError } from '../../images'
import { newMediaPath, saveMediaFile } from '../../media/service'
import type { Actor } from '../../shared/audit'
import { officeChange } from '../../shared/office-change'
import { updateVersioned } from '../../shared/versioned'

type IssueFields = z.output<typeof newsletterFieldsSchema>

type Row = typeof newsletterIssues.$inferSelect
export const FIELD_ERRORS = 'Please correct the highlighted fields.'

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
	if (
		error instanceof Error &&
		/newsletter_issues_issue_month_unique|duplicate key/.test(`${error.message} ${(error as { cause?: { message?: string } }).cause?.message ?? ''}`)
	) {
		throw new ApiError(409, FIELD_ERRORS, { sMonth: [OFFICE_NEWSLETTER_MESSAGES.monthTaken] })
	}
	throw error
}

export async function listOfficeIssues(db: Database) {
	return (await db.select().from(newsletterIssues).orderBy(desc(newsletterIssues.issueMonth))).map(toOffice)
}

/** The cover the office chose, else one drawn for the month; a picture that is no image is told beside the cover field. */
export async function storeIssueCover(db: Database, chosen: Buffer | null, { sMonth, sTitle }: Pick<IssueFields, 'sMonth' | 'sTitle'>) {
	try {
		const picture = chosen ?? (await coverDrawing(Date.parse(`${sMonth}-01`) / 86_400_000))
		return await storePicture(db, picture, { folder: 'newsletters', widths: NEWSLETTER_COVER_HEIGHTS, alt: `Cover of ${sTitle}` })
	} catch (error) {
		if (error instanceof ImageError) throw new ApiError(400, FIELD_ERRORS, { cover: [error.message] })
		throw error
	}
}

export async function addIssue(db: Database, actor: Actor, fields: IssueFields, upload: { bytes: Buffer; pageCount: number; cover: ResponsiveImage }) {
	const row = await officeChange(db, actor, async (tx) => {
		const pdfPath = await saveMediaFile(tx, { path: newMediaPath('newsletters', 'application/pdf'), contentType: 'application/pdf', bytes: upload.bytes })
		const [inserted] = await tx
			.insert(newsletterIssues)
			.values({
				title: fields.sTitle,
				issueMonth: `${fields.sMonth}-01`,
				summary: fields.sSummary,
				contents: contentsOf(fields.sContents),
				cover: upload.cover,
				pdfPath,
				pdfBytes: upload.bytes.length,
				pageCount: upload.pageCount,
				isPublished: fields.bIsPublished ?? false,
			})
			.returning()
		const audit = {
			action: 'create',
			entity: 'newsletter',
			entityId: inserted!.id,
			summary: `Added “${inserted!.title}”${inserted!.isPublished ? ', published' : ' as a draft'}`,
		}
		return { result: inserted!, audit }
	}).catch(monthTaken)
	return toOffice(row)
}

export async function updateIssue(db: Database, actor: Actor, issueId: number, fields: IssueFields & { nVersion: number }) {
	const row = await officeChange(db, actor, async (tx) => {
		const updated = await updateVersioned(
			tx,
			newsletterIssues,
			issueId,
			fields.nVersion,
			{
				title: fields.sTitle,
				issueMonth: `${fields.sMonth}-01`,
				summary: fields.sSummary,
				contents: contentsOf(fields.sContents),
				isPublished: fields.bIsPublished ?? false,
			},
			{ thing: 'issue', notFound: OFFICE_NEWSLETTER_MESSAGES.notFound },
		)
		return {
			result: updated,
			audit: {
				action: 'update',
				entity: 'newsletter',
				entityId: updated.id,
				summary: `Edited “${updated.title}”${updated.isPublished ? ' (published)' : ' (draft)'}`,
			},
		}
	}).catch(monthTaken)
	return toOffice(row)
}

export async function removeIssue(db: Database, actor: Actor, issueId: number) {
	await officeChange(db, actor, async (tx) => {
		const [removed] = await tx.delete(newsletterIssues).where(eq(newsletterIssues.id, issueId)).returning()
		if (!removed) throw new ApiError(404, OFFICE_NEWSLETTER_MESSAGES.notFound)
		return { result: undefined, audit: { action: 'delete', entity: 'newsletter', entityId: removed.id, summary: `Deleted “${removed.title}”` } }
	})
}
