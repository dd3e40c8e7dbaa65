// What the account calls share: their dependencies, tokens, OTPs and the profile as the API answers
// it. Reading an encrypted form and the caller's token are auth/'s (the endpoint registration's).
import { and, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { OTP_MAX_WRONG_TRIES, OTP_VALID_MINUTES, ACCOUNT_MESSAGES, type OtpPurpose, type Profile } from '~/contract/accounts'
import { USER_TYPES, type Role } from '~/contract/constants'
import type { Database } from '../db/client'
import { accounts, accountTokens, mediaFiles, oneTimePasswords } from '../db/schema'
import { ApiError } from '../http'
import { newToken, otpDigest, sameText, sha256 } from '../crypto/crypto'
import { stateName } from '../india-places'
import { formatIndiaMomentLong } from '~/utils/kolkata-date'
import { accountDeps, type ApiEnv } from '../env'

export type Account = typeof accounts.$inferSelect

export const TOKEN_VALID_DAYS = 14
export const PROFILE_PICTURE_FOLDER = 'profiles'

export const roleParam = (c: Context<ApiEnv>): Role => {
	const role = c.req.param('role')
	if (role !== 'member' && role !== 'student') throw new ApiError(404, 'No such API call.')
	return role
}

/** A picture path is accepted only if it was uploaded through the pre-signed flow. */
export async function checkProfilePic(db: Database, path: string | undefined) {
	if (!path) return
	const [file] = path.startsWith(`${PROFILE_PICTURE_FOLDER}/`)
		? await db.select({ path: mediaFiles.path }).from(mediaFiles).where(eq(mediaFiles.path, path)).limit(1)
		: []
	if (!file) throw new ApiError(400, 'Please correct the highlighted fields.', { sProfilePic: ['Please upload the picture again'] })
}

export async function findAccount(db: Database, role: Role, where: { email: string } | { number: string }) {
	const match = 'email' in where ? eq(accounts.email, where.email) : eq(accounts.number, where.number)
	const [account] = await db
		.select()
		.from(accounts)
		.where(and(eq(accounts.userType, USER_TYPES[role]), match))
		.limit(1)
	return account
}

export async function issueToken(db: Database, accountId: number) {
	const token = newToken()
	const expiresAt = new Date(Date.now() + TOKEN_VALID_DAYS * 24 * 60 * 60 * 1000)
	await db.insert(accountTokens).values({ tokenHash: sha256(token), accountId, expiresAt })
	return { token, expiresAt }
}

/** Revokes every live token of an account but `keep` (the one in use, after a password change). */
export async function revokeTokens(db: Database, accountId: number, keep?: string) {
	const live = and(eq(accountTokens.accountId, accountId), isNull(accountTokens.revokedAt))
	await db
		.update(accountTokens)
		.set({ revokedAt: new Date() })
		.where(keep ? and(live, sql`${accountTokens.tokenHash} <> ${keep}`) : live)
}

type OtpKey = { email: string; role: Role; purpose: OtpPurpose }
const otpParts = ({ email, role, purpose }: OtpKey, code: number) => [email, USER_TYPES[role], purpose, String(code)]

/** Stores a new OTP for the key, replacing any older one. */
export async function storeOtp(c: Context<ApiEnv>, key: OtpKey, code: number) {
	const { db } = c.get('deps')
	const row = {
		email: key.email,
		userType: USER_TYPES[key.role],
		purpose: key.purpose,
		codeHash: otpDigest(accountDeps(c).privateKey, otpParts(key, code)),
		wrongTries: 0,
		expiresAt: new Date(Date.now() + OTP_VALID_MINUTES * 60 * 1000),
	}
	await db
		.insert(oneTimePasswords)
		.values(row)
		.onConflictDoUpdate({ target: [oneTimePasswords.email, oneTimePasswords.userType, oneTimePasswords.purpose], set: row })
}

/**
 * Uses up the OTP if the code is right. Every guess first takes one of the code's tries in a single
 * statement (the row's lock orders concurrent guesses), and only a guess that got one is compared:
 * however many arrive at once, at most OTP_MAX_WRONG_TRIES are ever looked at, and the last ends
 * the code. A right code is used once. 400 if not accepted; outside any transaction, so a refusal
 * still counts.
 */
export async function consumeOtp(c: Context<ApiEnv>, key: OtpKey, code: number) {
	const { db } = c.get('deps')
	const where = and(eq(oneTimePasswords.email, key.email), eq(oneTimePasswords.userType, USER_TYPES[key.role]), eq(oneTimePasswords.purpose, key.purpose))
	const codeHash = otpDigest(accountDeps(c).privateKey, otpParts(key, code))
	const [tried] = await db
		.update(oneTimePasswords)
		.set({ wrongTries: sql`${oneTimePasswords.wrongTries} + 1` })
		.where(and(where, lt(oneTimePasswords.wrongTries, OTP_MAX_WRONG_TRIES), gt(oneTimePasswords.expiresAt, new Date())))
		.returning({ codeHash: oneTimePasswords.codeHash, wrongTries: oneTimePasswords.wrongTries })
	if (tried && sameText(tried.codeHash, codeHash)) {
		const used = await db
			.delete(oneTimePasswords)
			.where(and(where, eq(oneTimePasswords.codeHash, codeHash)))
			.returning({ email: oneTimePasswords.email })
		if (used.length > 0) return
	}
	// A code used up or out of time goes (a newer code for the same form, stored meanwhile, stays).
	if (!tried) await db.delete(oneTimePasswords).where(and(where, lte(oneTimePasswords.expiresAt, new Date())))
	else if (tried.wrongTries >= OTP_MAX_WRONG_TRIES) await db.delete(oneTimePasswords).where(and(where, eq(oneTimePasswords.codeHash, tried.codeHash)))
	throw new ApiError(400, ACCOUNT_MESSAGES.wrongOtp, { nOtp: [ACCOUNT_MESSAGES.wrongOtp] })
}

/**
 * Tells the account holder their password was changed or reset (ASVS 6.3.7), after the answer:
 * no secret and no link that signs in, only what to do if it was not them.
 */
export function mailPasswordNotice(c: Context<ApiEnv>, to: string, how: 'changed' | 'reset') {
	const { mailer, branchName } = accountDeps(c)
	const when = formatIndiaMomentLong(new Date())
	const text =
		`The password of your account at the ${branchName} portal was ${how} on ${when} (India time). Every other sign-in has ended.\n\n` +
		`If this was you, there is nothing more to do. If it was not, use "Forgot password" on the portal's sign-in page at once to set a new one, and tell the branch office.\n`
	void mailer
		.send({ to, subject: `Your password was ${how}`, text })
		.catch((error: unknown) => c.get('deps').log.error({ err: error }, 'A password notice could not be mailed'))
}

export function toProfile(account: Account): Profile {
	const common = {
		sFullName: account.fullName,
		sEmail: account.email,
		sMobileNumber: account.mobileNumber,
		sDob: account.dob,
		oState: { sCode: account.stateCode, sName: stateName(account.stateCode) },
		oCity: { sName: account.city },
	}
	if (account.userType === USER_TYPES.student) {
		return { sUserType: 'S', ...common, sRegistrationNumber: account.number, sCourse: account.course ?? '' }
	}
	return {
		sUserType: 'M',
		...common,
		sMembershipNumber: account.number,
		sFirmCompanyName: account.firmCompanyName ?? '',
		bIsGSTNumberAvailable: Boolean(account.gstNumber),
		sGSTNumber: account.gstNumber ?? '',
		bIsGetUpdateOnEmail: account.updatesOnEmail,
		bIsGetUpdateOnWhatsapp: account.updatesOnWhatsapp,
		sProfilePic: account.profilePic ?? '',
	}
}

/** The columns a registration or profile update writes, from the contract's field names. */
export function profileColumns(form: Record<string, unknown>) {
	const columns: Partial<typeof accounts.$inferInsert> = {
		fullName: form.sFullName as string,
		mobileNumber: form.sMobileNumber as string,
		stateCode: (form.oState as { sCode: string }).sCode,
		city: (form.oCity as { sName: string }).sName,
		updatedAt: new Date(),
	}
	if ('sCourse' in form) columns.course = form.sCourse as string
	if ('sFirmCompanyName' in form) {
		columns.firmCompanyName = form.sFirmCompanyName as string
		columns.gstNumber = form.bIsGSTNumberAvailable ? (form.sGSTNumber as string) : null
		columns.updatesOnEmail = Boolean(form.bIsGetUpdateOnEmail)
		columns.updatesOnWhatsapp = Boolean(form.bIsGetUpdateOnWhatsapp)
		if (form.sProfilePic) columns.profilePic = form.sProfilePic as string
	}
	return columns
}
