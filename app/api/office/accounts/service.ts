// Members' and students' accounts as the office sees and corrects them.
import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import {
	OFFICE_ACCOUNT_MESSAGES,
	numberSchemaFor,
	type correctAccountSchema,
	type OfficeAccount,
	type OfficeAccountSummary,
	type officeAccountsQuerySchema,
} from '~/contract/office/accounts'
import type { Account } from '../../accounts/service'
import { revokeTokens } from '../../accounts/service'
import { memberEntries } from '../../cpe/service'
import type { Database } from '../../db/client'
import { accounts, oneTimePasswords } from '../../db/schema'
import { containsPattern } from '../../events/service'
import { ApiError } from '../../http'
import { listEventRegistrationsOf } from '../registrations/service'
import { listOfficePayments } from '../payments/service'

const FIELD_ERRORS = 'Please correct the highlighted fields.'

export const toSummary = (account: Account): OfficeAccountSummary => ({
	iAccountId: account.id,
	sUserType: account.userType,
	sNumber: account.closedAt ? '(erased)' : account.releasedNumber ? `${account.releasedNumber} (released)` : account.number,
	sFullName: account.fullName,
	sEmail: account.email,
	sMobileNumber: account.mobileNumber,
	dCreatedAt: account.createdAt.toISOString(),
	dDisabledAt: account.disabledAt?.toISOString() ?? null,
	dClosedAt: account.closedAt?.toISOString() ?? null,
})

export async function listAccounts(db: Database, { oFilter, oPaging }: z.output<typeof officeAccountsQuerySchema>) {
	const conditions: SQL[] = []
	if (oFilter.sUserType) conditions.push(eq(accounts.userType, oFilter.sUserType))
	if (oFilter.sSearch) {
		const pattern = containsPattern(oFilter.sSearch)
		conditions.push(
			or(ilike(accounts.fullName, pattern), ilike(accounts.number, pattern), ilike(accounts.email, pattern), ilike(accounts.releasedNumber, pattern))!,
		)
	}
	const where = and(...conditions)
	const [rows, [total]] = await Promise.all([
		db
			.select()
			.from(accounts)
			.where(where)
			.orderBy(asc(accounts.fullName), asc(accounts.id))
			.limit(oPaging.nPageSize)
			.offset((oPaging.nPage - 1) * oPaging.nPageSize),
		db.select({ n: count() }).from(accounts).where(where),
	])
	return { aAccounts: rows.map(toSummary), nTotal: total?.n ?? 0, nPage: oPaging.nPage, nPageSize: oPaging.nPageSize }
}

export async function findAccountById(db: Pick<Database, 'select'>, accountId: number, lock = false) {
	const query = db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1)
	const [account] = lock ? await query.for('update') : await query
	if (!account) throw new ApiError(404, OFFICE_ACCOUNT_MESSAGES.notFound)
	return account
}

/** An account to change: its holder may have closed it, and then there is nothing left to correct. */
async function openAccountForChange(tx: Pick<Database, 'select'>, accountId: number) {
	const account = await findAccountById(tx, accountId, true)
	if (account.closedAt) throw new ApiError(409, OFFICE_ACCOUNT_MESSAGES.closed)
	return account
}

/** Everything about one person: profile, registrations, payments and CPE entries they recorded. */
export async function accountDetails(db: Database, accountId: number): Promise<OfficeAccount> {
	const account = await findAccountById(db, accountId)
	const [registrations, paid, entries] = await Promise.all([
		listEventRegistrationsOf(db, accountId),
		listOfficePayments(db, { oFilter: { iAccountId: accountId }, oPaging: { nPage: 1, nPageSize: 200 } }),
		memberEntries(db, accountId),
	])
	return {
		...toSummary(account),
		sDob: account.dob,
		sStateCode: account.stateCode,
		sCity: account.city,
		sFirmCompanyName: account.firmCompanyName,
		sGstNumber: account.gstNumber,
		sCourse: account.course,
		bIsGetUpdateOnEmail: account.updatesOnEmail,
		sReleasedNumber: account.releasedNumber,
		aRegistrations: registrations,
		aPayments: paid.aPayments,
		aCpeEntries: entries
			.map((entry) => ({ dDate: entry.dActivityDate, nHours: entry.nHours, sKind: entry.sKind, sDescription: entry.sDescription }))
			.sort((a, b) => b.dDate.localeCompare(a.dDate)),
	}
}

export type Correction = { account: Account; before: Account; changed: string[] }

/**
 * Applies the office's correction. A number or e-mail another account of the same kind has is
 * refused beside its field. Answers what changed, so the caller can audit it and tell people.
 */
export function correctAccount(db: Database, accountId: number, form: z.output<typeof correctAccountSchema>): Promise<Correction> {
	return db.transaction(async (tx) => {
		const before = await openAccountForChange(tx, accountId)
		const values: Partial<typeof accounts.$inferInsert> = {}
		if (form.sFullName !== undefined && form.sFullName !== before.fullName) values.fullName = form.sFullName
		if (form.sDob !== undefined && form.sDob !== before.dob) values.dob = form.sDob
		if (form.sEmail !== undefined && form.sEmail !== before.email) {
			const [taken] = await tx
				.select({ id: accounts.id })
				.from(accounts)
				.where(and(eq(accounts.userType, before.userType), eq(accounts.email, form.sEmail), ne(accounts.id, accountId)))
			if (taken) throw new ApiError(409, FIELD_ERRORS, { sEmail: [OFFICE_ACCOUNT_MESSAGES.emailTaken] })
			values.email = form.sEmail
		}
		if (form.sNumber !== undefined && form.sNumber !== before.number) {
			const number = numberSchemaFor(before.userType).safeParse(form.sNumber)
			if (!number.success) throw new ApiError(400, FIELD_ERRORS, { sNumber: [number.error.issues[0]!.message] })
			const [taken] = await tx
				.select({ id: accounts.id })
				.from(accounts)
				.where(and(eq(accounts.userType, before.userType), eq(accounts.number, number.data), ne(accounts.id, accountId)))
			if (taken) throw new ApiError(409, FIELD_ERRORS, { sNumber: [OFFICE_ACCOUNT_MESSAGES.numberTaken] })
			values.number = number.data
			values.releasedNumber = null
		}
		const changed = Object.keys(values).filter((key) => key !== 'releasedNumber')
		if (changed.length === 0) return { account: before, before, changed }
		const [account] = await tx
			.update(accounts)
			.set({ ...values, updatedAt: new Date() })
			.where(eq(accounts.id, accountId))
			.returning()
		if (values.email) {
			// A new address must not inherit what the old one could do: every sign-in ends, and codes
			// sent to either address (a reset, a change) are void, so a changed address is no way in.
			await revokeTokens(tx, accountId)
			await tx
				.delete(oneTimePasswords)
				.where(and(eq(oneTimePasswords.userType, before.userType), inArray(oneTimePasswords.email, [before.email, values.email])))
		}
		return { account: account!, before, changed }
	})
}

/** Disabled: no sign-in, and every token ends now. Enabling lets the person sign in again. */
export function setAccountDisabled(db: Database, accountId: number, disabled: boolean) {
	return db.transaction(async (tx) => {
		await openAccountForChange(tx, accountId)
		const [account] = await tx
			.update(accounts)
			.set({ disabledAt: disabled ? sql`coalesce(${accounts.disabledAt}, now())` : null, updatedAt: new Date() })
			.where(eq(accounts.id, accountId))
			.returning()
		if (disabled) await revokeTokens(tx, accountId)
		return account!
	})
}

/**
 * Takes the number back from an account that registered someone else's: the account is disabled
 * and keeps its history under a placeholder no login form accepts, so the owner can register.
 */
export function releaseNumber(db: Database, accountId: number) {
	return db.transaction(async (tx) => {
		const before = await openAccountForChange(tx, accountId)
		if (before.releasedNumber) return before
		const [account] = await tx
			.update(accounts)
			.set({ number: `~released-${accountId}`, releasedNumber: before.number, disabledAt: before.disabledAt ?? new Date(), updatedAt: new Date() })
			.where(eq(accounts.id, accountId))
			.returning()
		await revokeTokens(tx, accountId)
		return account!
	})
}
