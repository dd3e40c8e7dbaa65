// Verification codes of issued documents (app/api/db/schema/document-codes.ts): kept when a document
// is first issued, the same code on every later download of it; a certificate issued with other
// hours gets a new code and supersedes the old one. A code is the HMAC of what it names under the
// branch's secret: unguessable, and the same again for a document first issued after a restore.
import { createHmac } from 'node:crypto'
import { and, count, eq, isNull } from 'drizzle-orm'
import type { DocumentSettings } from '../branch-settings'
import { formatVerificationCode } from '~/contract/documents'
import type { Database } from '../db/client'
import { documentCodes, type DocumentKind } from '../db/schema'
import { qrDrawing } from '~/contract/qr-drawing'

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** 50 bits: guessing one of a branch's few thousand codes takes about 10^11 tries, and the page is rate-limited. */
function codeFor(secret: string, kind: DocumentKind, subjectId: number, version: number) {
	const mac = createHmac('sha256', secret).update(`document:${kind}:${subjectId}:${version}`).digest()
	return Array.from(mac.subarray(0, 10), (byte) => CROCKFORD[byte & 31]).join('')
}

type CodeRow = typeof documentCodes.$inferSelect
const current = (kind: DocumentKind, subjectId: number) =>
	and(eq(documentCodes.kind, kind), eq(documentCodes.subjectId, subjectId), isNull(documentCodes.supersededAt))

/**
 * The current code of a document, made if it has none; a certificate whose hours differ from those
 * its current code was issued with is issued anew (`corrected` says so).
 */
export async function documentCode(
	db: Database,
	secret: string,
	kind: DocumentKind,
	subjectId: number,
	cpeHours: number | null = null,
): Promise<CodeRow & { corrected: boolean }> {
	return db.transaction(async (tx) => {
		const [existing] = await tx.select().from(documentCodes).where(current(kind, subjectId)).for('update')
		if (existing && existing.cpeHours === cpeHours) return { ...existing, corrected: false }
		if (existing) await tx.update(documentCodes).set({ supersededAt: new Date() }).where(eq(documentCodes.id, existing.id))
		const [issued] = await tx
			.select({ versions: count() })
			.from(documentCodes)
			.where(and(eq(documentCodes.kind, kind), eq(documentCodes.subjectId, subjectId)))
		const code = codeFor(secret, kind, subjectId, issued!.versions)
		const [made] = await tx.insert(documentCodes).values({ code, kind, subjectId, cpeHours }).onConflictDoNothing().returning()
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
export async function stampOf(
	db: Database,
	{ ticketSecret, publicUrl }: DocumentSettings,
	kind: DocumentKind,
	subjectId: number,
	cpeHours: number | null = null,
) {
	const row = await documentCode(db, ticketSecret, kind, subjectId, cpeHours)
	return { stamp: documentStamp(publicUrl, row.code), row }
}
