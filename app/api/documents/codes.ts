// Verification codes of issued documents (app/api/db/schema/document-codes.ts): made when a document
// is first issued, the same code on every later download of it; a certificate issued with other
// hours gets a new code and supersedes the old one.
import { randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { formatVerificationCode } from '~/contract/documents'
import type { Database } from '../db/client'
import { documentCodes, type DocumentKind } from '../db/schema'
import { qrDrawing } from '~/contract/qr-drawing'

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** 50 random bits: guessing one of a branch's few thousand codes takes about 10^11 tries, and the page is rate-limited. */
function randomCode() {
	const bytes = randomBytes(10)
	return Array.from(bytes, (byte) => CROCKFORD[byte & 31]).join('')
}

type CodeRow = typeof documentCodes.$inferSelect
const current = (kind: DocumentKind, subjectId: number) => and(eq(documentCodes.kind, kind), eq(documentCodes.subjectId, subjectId), isNull(documentCodes.supersededAt))

/**
 * The current code of a document, made if it has none; a certificate whose hours differ from those
 * its current code was issued with is issued anew (`corrected` says so).
 */
export async function documentCode(db: Database, kind: DocumentKind, subjectId: number, cpeHours: number | null = null): Promise<CodeRow & { corrected: boolean }> {
	return db.transaction(async (tx) => {
		const [existing] = await tx.select().from(documentCodes).where(current(kind, subjectId)).for('update')
		if (existing && existing.cpeHours === cpeHours) return { ...existing, corrected: false }
		if (existing) await tx.update(documentCodes).set({ supersededAt: new Date() }).where(eq(documentCodes.id, existing.id))
		const [made] = await tx.insert(documentCodes).values({ code: randomCode(), kind, subjectId, cpeHours }).onConflictDoNothing().returning()
		// Two first downloads at once: the other made it.
		const row = made ?? (await tx.select().from(documentCodes).where(current(kind, subjectId)))[0]!
		return { ...row, corrected: Boolean(existing) }
	})
}

/** Withdraws a certificate whose attendance was taken back: its code then verifies as revoked. */
export async function withdrawCertificate(db: Database, registrationId: number) {
	await db.update(documentCodes).set({ supersededAt: new Date() }).where(current('certificate', registrationId))
}

/** What a PDF prints: the code, the page it opens and that page's QR code. */
export type DocumentStamp = { code: string; url: string; qr: ReturnType<typeof qrDrawing> }

export function documentStamp(publicUrl: string, code: string): DocumentStamp {
	const url = new URL(`/verify/${code}`, publicUrl).href
	return { code: formatVerificationCode(code), url, qr: qrDrawing(url) }
}

/** The stamp of a document, its code made on first issue. */
export async function stampOf(db: Database, publicUrl: string, kind: DocumentKind, subjectId: number, cpeHours: number | null = null) {
	const row = await documentCode(db, kind, subjectId, cpeHours)
	return { stamp: documentStamp(publicUrl, row.code), row }
}
