// Closing an account at its holder's request (contract: app/contract/own-data.ts): the personal
// data is erased or anonymised in one transaction, while the tax documents stay as issued (GST law)
// and the history of registrations and CPE hours stays, nameless, for the branch's statistics.
import { and, count, eq, gt, inArray, isNotNull, isNull, max, or, sql } from 'drizzle-orm'
import { OWN_DATA_MESSAGES, type ClosedAccount } from '~/contract/own-data'
import { gstRecordKeptUntil } from '~/contract/account-closure'
import type { Database } from '../db/client'
import {
	accounts,
	accountTokens,
	auditLog,
	cpeEntries,
	creditNotes,
	eventRegistrations,
	events,
	mailDeliveries,
	mediaFiles,
	newsletterSubscriptions,
	oneTimePasswords,
	payments,
	sessions,
	waitingListEntries,
} from '../db/schema'
import { ApiError } from '../http'
import { ACCOUNT_HOLDER, eraseParticulars, recordAudit } from '../shared/audit'
import { forgetDevices } from './device-tokens'
import type { Account } from './service'

/** What a closed account's row says instead of the person: no login form accepts the number, no mail goes to the address (RFC 6761 `.invalid`). */
export const closedAccountValues = (accountId: number) => ({
	number: `~closed-${accountId}`,
	email: `closed-${accountId}@closed.invalid`,
	fullName: 'Closed account',
})

/** Refuses while something is still under way that closing would leave half done: a seat for an event to come, a payment in flight. */
export async function checkNothingOpen(tx: Database, accountId: number, now = new Date()) {
	const open = await tx
		.select({ title: events.title })
		.from(eventRegistrations)
		.innerJoin(events, eq(events.id, eventRegistrations.eventId))
		.where(
			and(
				eq(eventRegistrations.accountId, accountId),
				inArray(eventRegistrations.status, ['pending', 'confirmed']),
				gt(events.endsAt, now),
				isNull(events.cancelledAt),
			),
		)
	if (open.length > 0) throw new ApiError(409, OWN_DATA_MESSAGES.openRegistration(open.map((row) => row.title)))
	const [pending] = await tx
		.select({ n: count() })
		.from(payments)
		.where(and(eq(payments.accountId, accountId), eq(payments.status, 'pending')))
	if ((pending?.n ?? 0) > 0) throw new ApiError(409, OWN_DATA_MESSAGES.pendingPayment)
}

/**
 * The portal's sessions (other browsers included) that hold one of the account's tokens. A session
 * keeps the token itself, the API only its hash (sha256, base64url): so the hash is taken here, in SQL.
 */
function deleteSessionsOf(tx: Database, accountId: number) {
	const hashOf = (key: string) => sql`translate(rtrim(encode(sha256(convert_to(${sessions.data} ->> ${key}, 'UTF8')), 'base64'), '='), '+/', '-_')`
	const tokens = tx.select({ hash: accountTokens.tokenHash }).from(accountTokens).where(eq(accountTokens.accountId, accountId))
	// The portal keeps a member's token as memberToken and a student's as studentToken (app/.server/session.ts).
	return tx.delete(sessions).where(or(inArray(hashOf('memberToken'), tokens), inArray(hashOf('studentToken'), tokens)))
}

/** The office's audit entries about the account, its registrations and payments keep the entry and the record id, not the person. */
function eraseFromAudit(tx: Database, account: Account) {
	const idsOf = (table: typeof eventRegistrations | typeof payments) =>
		tx
			.select({ id: sql<string>`${table.id}::text` })
			.from(table)
			.where(eq(table.accountId, account.id))
	const about = or(
		and(eq(auditLog.entity, 'account'), eq(auditLog.entityId, String(account.id))),
		and(eq(auditLog.entity, 'registration'), inArray(auditLog.entityId, idsOf(eventRegistrations))),
		and(eq(auditLog.entity, 'payment'), inArray(auditLog.entityId, idsOf(payments))),
	)!
	const particulars = [account.fullName, account.number, account.releasedNumber].filter((particular): particular is string => Boolean(particular))
	return eraseParticulars(tx, { about, particulars, unmistakable: [account.email] })
}

export function closeAccount(db: Database, accountId: number, now = new Date()): Promise<ClosedAccount> {
	return db.transaction(async (tx) => {
		const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update')
		if (!account || account.closedAt) throw new ApiError(409, OWN_DATA_MESSAGES.alreadyClosed)
		await checkNothingOpen(tx, account.id, now)
		await erase(tx, account, now)
		const [invoices] = await tx
			.select({ n: count(), last: max(payments.paidAt) })
			.from(payments)
			.where(and(eq(payments.accountId, account.id), isNotNull(payments.invoiceNumber)))
		const [notes] = await tx
			.select({ n: count(), last: max(creditNotes.issuedAt) })
			.from(creditNotes)
			.innerJoin(payments, eq(payments.id, creditNotes.paymentId))
			.where(eq(payments.accountId, account.id))
		const latest = [invoices?.last, notes?.last].filter((at): at is Date => Boolean(at)).sort((a, b) => b.getTime() - a.getTime())[0]
		const closed: ClosedAccount = {
			dClosedAt: now.toISOString(),
			nInvoicesKept: invoices?.n ?? 0,
			nCreditNotesKept: notes?.n ?? 0,
			dKeptUntil: latest ? gstRecordKeptUntil(latest) : null,
		}
		const kept =
			closed.nInvoicesKept + closed.nCreditNotesKept > 0
				? `; ${closed.nInvoicesKept} tax invoices and ${closed.nCreditNotesKept} credit notes kept until ${closed.dKeptUntil}`
				: ''
		await recordAudit(tx, ACCOUNT_HOLDER, {
			action: 'close',
			entity: 'account',
			entityId: account.id,
			summary: `Closed by its holder; personal data erased${kept}`,
		})
		return closed
	})
}

async function erase(tx: Database, account: Account, now: Date) {
	// An issued invoice prints the account's number: it is copied onto the invoice before the number goes.
	await tx
		.update(payments)
		.set({ buyerNumber: account.number })
		.where(and(eq(payments.accountId, account.id), isNotNull(payments.invoiceNumber), isNull(payments.buyerNumber)))
	await tx
		.update(payments)
		.set({ buyerName: closedAccountValues(account.id).fullName, buyerGstin: null, buyerFirmName: null })
		.where(and(eq(payments.accountId, account.id), isNull(payments.invoiceNumber)))
	await eraseFromAudit(tx, account)
	await deleteSessionsOf(tx, account.id)
	await tx.delete(accountTokens).where(eq(accountTokens.accountId, account.id))
	await forgetDevices(tx, account.id)
	await tx.delete(oneTimePasswords).where(and(eq(oneTimePasswords.email, account.email), eq(oneTimePasswords.userType, account.userType)))
	await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, account.email))
	// Each record of a mail keeps its place in its mailing's counts, under an address of its own that reaches nobody.
	await tx
		.update(mailDeliveries)
		.set({
			email: sql`'erased-' || ${mailDeliveries.id} || '@closed.invalid'`,
			name: '',
			details: {},
			status: sql`case when ${mailDeliveries.status} = 'pending' then 'skipped' else ${mailDeliveries.status} end`,
		})
		.where(eq(mailDeliveries.email, account.email))
	await tx
		.update(waitingListEntries)
		.set({ status: 'left' })
		.where(and(eq(waitingListEntries.accountId, account.id), inArray(waitingListEntries.status, ['waiting', 'offered'])))
	await tx.update(cpeEntries).set({ description: '(erased)' }).where(eq(cpeEntries.accountId, account.id))
	if (account.profilePic) await tx.delete(mediaFiles).where(eq(mediaFiles.path, account.profilePic))
	await tx
		.update(accounts)
		.set({
			...closedAccountValues(account.id),
			mobileNumber: '',
			dob: '',
			stateCode: '',
			city: '',
			// Not a hash of anything: no password verifies against it.
			passwordHash: '!closed',
			firmCompanyName: null,
			gstNumber: null,
			updatesOnEmail: false,
			updatesOnWhatsapp: false,
			profilePic: null,
			course: null,
			releasedNumber: null,
			disabledAt: account.disabledAt ?? now,
			closedAt: now,
			updatedAt: now,
		})
		.where(eq(accounts.id, account.id))
}
