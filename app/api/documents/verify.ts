// What /verify/{code} shows: the document a code was printed on, as it stands now (valid, refunded
// by a credit note, corrected by a later certificate, revoked), with the holder's name mostly hidden.
import { eq } from 'drizzle-orm'
import type { DocumentStatus, VerifiedDocument } from '~/contract/documents'
import { formatVerificationCode } from '~/contract/documents'
import { indiaCalendarDay } from '~/utils/kolkata-date'
import type { BranchSettings } from '../branch-settings'
import { certificateNumber } from '../cpe/certificate'
import type { Database } from '../db/client'
import { accounts, creditNotes, documentCodes, eventRegistrations, events, payments } from '../db/schema'

/** `Asha Kulkarni` -> `As** Ku******`: enough for the reader holding the paper to match it, too little to learn a name from. */
export const maskName = (name: string) =>
	name
		.split(/\s+/)
		.filter(Boolean)
		.map((word) => (word.length <= 2 ? `${word[0]}*` : `${word.slice(0, 2)}${'*'.repeat(word.length - 2)}`))
		.join(' ') || 'not kept (the account was closed)'

const KIND_NAMES = { invoice: 'Tax invoice', 'credit-note': 'Credit note', certificate: 'CPE attendance certificate' } as const

type Facts = Pick<VerifiedDocument, 'sNumber' | 'dDate' | 'sHolder' | 'sEventTitle' | 'dEventDate' | 'nCpeHours' | 'oAmounts' | 'sStatus' | 'sStatusText'>

const amounts = (row: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number }) => ({
	nTaxablePaise: row.taxablePaise,
	nTaxPaise: row.cgstPaise + row.sgstPaise + row.igstPaise,
	nTotalPaise: row.totalPaise,
})
const status = (sStatus: DocumentStatus, sStatusText: string) => ({ sStatus, sStatusText })

async function paymentFacts(db: Database, kind: 'invoice' | 'credit-note', subjectId: number): Promise<Facts | null> {
	const [row] = await db
		.select({ payment: payments, note: creditNotes, title: events.title, startsAt: events.startsAt })
		.from(payments)
		.innerJoin(eventRegistrations, eq(eventRegistrations.id, payments.registrationId))
		.innerJoin(events, eq(events.id, eventRegistrations.eventId))
		.leftJoin(creditNotes, eq(creditNotes.paymentId, payments.id))
		.where(kind === 'invoice' ? eq(payments.id, subjectId) : eq(creditNotes.id, subjectId))
		.limit(1)
	const invoiceNumber = row?.payment.invoiceNumber
	const paidAt = row?.payment.paidAt
	if (!row || !invoiceNumber || !paidAt) return null
	const { payment, note } = row
	const event = { sEventTitle: row.title, dEventDate: indiaCalendarDay(row.startsAt), nCpeHours: null, sHolder: maskName(payment.buyerName) }
	if (kind === 'credit-note') {
		if (!note) return null
		return {
			...event,
			sNumber: note.number,
			dDate: indiaCalendarDay(note.issuedAt),
			oAmounts: amounts(note),
			...status('valid', `Valid: credits the whole of tax invoice ${invoiceNumber}`),
		}
	}
	const standing =
		payment.status === 'refunded' ? status('refunded', `Refunded by credit note ${note?.number ?? '(being issued)'}`) : status('valid', 'Valid: paid')
	return { ...event, sNumber: invoiceNumber, dDate: indiaCalendarDay(paidAt), oAmounts: amounts(payment), ...standing }
}

async function certificateFacts(db: Database, code: typeof documentCodes.$inferSelect): Promise<Facts | null> {
	const [row] = await db
		.select({ registration: eventRegistrations, name: accounts.fullName, title: events.title, startsAt: events.startsAt })
		.from(eventRegistrations)
		.innerJoin(events, eq(events.id, eventRegistrations.eventId))
		.innerJoin(accounts, eq(accounts.id, eventRegistrations.accountId))
		.where(eq(eventRegistrations.id, code.subjectId))
		.limit(1)
	if (!row) return null
	const attended = row.registration.status === 'confirmed' && row.registration.attendedAt !== null
	const standing = !attended
		? status('revoked', 'Revoked: the branch withdrew the attendance it certified')
		: code.supersededAt
			? status('corrected', `Corrected: replaced by a corrected certificate on ${indiaCalendarDay(code.supersededAt)}; ask the holder for it`)
			: status('valid', 'Valid')
	return {
		sNumber: certificateNumber(row.registration.id, row.startsAt),
		dDate: indiaCalendarDay(code.issuedAt),
		sHolder: maskName(row.name),
		sEventTitle: row.title,
		dEventDate: indiaCalendarDay(row.startsAt),
		nCpeHours: code.cpeHours,
		oAmounts: null,
		...standing,
	}
}

export async function verifyDocument(db: Database, code: string, settings: Pick<BranchSettings, 'billing' | 'branch'>): Promise<VerifiedDocument | null> {
	const [row] = await db.select().from(documentCodes).where(eq(documentCodes.code, code)).limit(1)
	if (!row) return null
	const facts = row.kind === 'certificate' ? await certificateFacts(db, row) : await paymentFacts(db, row.kind, row.subjectId)
	if (!facts) return null
	return {
		sCode: formatVerificationCode(row.code),
		sKind: row.kind,
		sKindName: KIND_NAMES[row.kind],
		oIssuer: { sName: settings.branch.name, sInstitute: settings.branch.institute, sGstin: settings.billing.gstin },
		...facts,
	}
}
