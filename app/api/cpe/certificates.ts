// Attendance certificates as issued documents: each with its verification code (a new one when the
// hours it states change), made for a download or for the mail that sends it.
import { and, eq, isNotNull } from 'drizzle-orm'
import type { BranchIdentity, DocumentSettings } from '../branch-settings'
import { certificateNumber, certificatePdf } from './certificate'
import { certificateFacts } from './service'
import type { Database } from '../db/client'
import { documentCodes } from '../db/schema'
import { stampOf } from '../stamps/codes'

type Issue = { documents: DocumentSettings; branch: BranchIdentity }

/** The certificate of an attended registration (the member's own, when `accountId` is given); null when there is none. */
export async function issueCertificate(db: Database, { documents, branch }: Issue, registrationId: number, accountId?: number) {
	const facts = await certificateFacts(db, registrationId, accountId)
	if (!facts) return null
	const { stamp, row } = await stampOf(db, documents, 'certificate', registrationId, facts.event.cpeHours)
	const [earlier] = await db
		.select({ id: documentCodes.id })
		.from(documentCodes)
		.where(and(eq(documentCodes.kind, 'certificate'), eq(documentCodes.subjectId, registrationId), isNotNull(documentCodes.supersededAt)))
		.limit(1)
	const pdf = await certificatePdf(branch, {
		certificateNumber: certificateNumber(registrationId, facts.event.startsAt),
		member: facts.member,
		event: facts.event,
		issuedAt: row.issuedAt,
		stamp,
		corrected: Boolean(earlier),
	})
	return { pdf, facts, documentId: row.id }
}
