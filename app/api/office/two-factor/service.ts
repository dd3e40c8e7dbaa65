// Two-factor sign-in for staff (decision 0048): TOTP keys (RFC 6238, by otpauth) sealed in the
// database, ten one-time recovery codes kept as keyed digests, each app code accepted once, and
// the ticket between the password step and the code step.
import { randomInt, type KeyObject } from 'node:crypto'
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { TOTP_CODE_PATTERN } from '~/contract/office/auth'
import { RECOVERY_CODE_COUNT } from '~/contract/office/two-factor'
import { keyedDigest, newToken, openSecret, sealSecret, sha256 } from '../../crypto/crypto'
import type { Database } from '../../db/client'
import { staffPendingSignIns, staffTokens, staffUsers } from '../../db/schema'
import { recordAudit, type Actor } from '../../shared/audit'

type Staff = typeof staffUsers.$inferSelect

/** RFC 6238's defaults, which every authenticator app reads: SHA-1, six digits, 30 seconds. */
const TOTP_PERIOD = 30
/** A phone's clock may be a step behind or ahead. */
const TOTP_WINDOW = 1
/** The code step must follow the password step within this time. */
export const PENDING_SIGN_IN_MINUTES = 5

/** 160 random bits, as RFC 4226 recommends, in the base32 the apps take. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32

export const otpauthUri = (secret: string, username: string, issuer: string) =>
	new TOTP({ issuer, label: username, secret: Secret.fromBase32(secret), period: TOTP_PERIOD }).toString()

/** The 30-second step a code of the app belongs to; null for a code of no step near now. */
export function codeStep(secret: string, code: string, now = Date.now()) {
	const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), period: TOTP_PERIOD, timestamp: now, window: TOTP_WINDOW })
	return delta === null ? null : TOTP.counter({ period: TOTP_PERIOD, timestamp: now }) + delta
}

/** Accepts a code of the app once: the step is recorded by the statement that checks it is newer than the last one accepted. */
async function spendAppCode(db: Database, staffId: number, secret: string, code: string) {
	const step = codeStep(secret, code)
	if (step === null) return false
	const [row] = await db
		.update(staffUsers)
		.set({ totpLastStep: step })
		.where(and(eq(staffUsers.id, staffId), or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step))))
		.returning({ id: staffUsers.id })
	return Boolean(row)
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const recoveryDigest = (privateKey: KeyObject, staffId: number, code: string) => keyedDigest(privateKey, 'recovery-code', [String(staffId), code.replace('-', '')])

function newRecoveryCode() {
	const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)])
	return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
}

async function spendRecoveryCode(db: Database, privateKey: KeyObject, staffId: number, code: string) {
	const digest = recoveryDigest(privateKey, staffId, code)
	const [row] = await db
		.update(staffUsers)
		.set({ recoveryCodeDigests: sql`array_remove(${staffUsers.recoveryCodeDigests}, ${digest})` })
		.where(and(eq(staffUsers.id, staffId), sql`${digest} = any(${staffUsers.recoveryCodeDigests})`))
		.returning({ id: staffUsers.id })
	return Boolean(row)
}

/** A current code of the user's app, each accepted once. */
export function checkAppCode(db: Database, privateKey: KeyObject, staff: Staff, code: string) {
	return staff.totpSecret ? spendAppCode(db, staff.id, openSecret(privateKey, staff.totpSecret), code) : Promise.resolve(false)
}

/** The sign-in's second step: a code of the app, or a recovery code, which is then used up. */
export function checkSignInCode(db: Database, privateKey: KeyObject, staff: Staff, code: string) {
	return TOTP_CODE_PATTERN.test(code) ? checkAppCode(db, privateKey, staff, code) : spendRecoveryCode(db, privateKey, staff.id, code)
}

/** The key being set up: the one offered before (the page may be opened again), or a new one. */
export async function pendingSecret(db: Database, privateKey: KeyObject, staff: Staff) {
	if (staff.totpPendingSecret) return openSecret(privateKey, staff.totpPendingSecret)
	const secret = newTotpSecret()
	await db.update(staffUsers).set({ totpPendingSecret: sealSecret(privateKey, secret) }).where(eq(staffUsers.id, staff.id))
	return secret
}

/** Turns it on when the code fits the key being set up; answers the recovery codes, which exist in clear only in this answer. */
export async function enableTwoFactor(db: Database, privateKey: KeyObject, staff: Staff, code: string) {
	if (!staff.totpPendingSecret) return 'no-setup' as const
	const secret = openSecret(privateKey, staff.totpPendingSecret)
	const step = codeStep(secret, code)
	if (step === null) return 'wrong-code' as const
	const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
	const [row] = await db
		.update(staffUsers)
		.set({
			totpSecret: staff.totpPendingSecret,
			totpPendingSecret: null,
			totpEnabledAt: new Date(),
			totpLastStep: step,
			recoveryCodeDigests: codes.map((code) => recoveryDigest(privateKey, staff.id, code)),
		})
		// Two confirmations at once: one turns it on.
		.where(and(eq(staffUsers.id, staff.id), isNull(staffUsers.totpEnabledAt)))
		.returning({ id: staffUsers.id })
	return row ? codes : ('already-on' as const)
}

/** Turns it off (by the user with a code, or from the command line for a lost phone), forgetting the key and the codes. */
export async function disableTwoFactor(db: Database, staffId: number) {
	await db
		.update(staffUsers)
		.set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodeDigests: [] })
		.where(eq(staffUsers.id, staffId))
	await db.delete(staffPendingSignIns).where(eq(staffPendingSignIns.staffId, staffId))
}

/** The password step passed: a ticket for the code step, kept as its hash. */
export async function startPendingSignIn(db: Database, staffId: number) {
	const token = newToken()
	const now = new Date()
	const expiresAt = new Date(now.getTime() + PENDING_SIGN_IN_MINUTES * 60_000)
	// The user's tickets that ran out go now: they never pile up.
	await db.delete(staffPendingSignIns).where(and(eq(staffPendingSignIns.staffId, staffId), lt(staffPendingSignIns.expiresAt, now)))
	await db.insert(staffPendingSignIns).values({ tokenHash: sha256(token), staffId, expiresAt })
	return { token, expiresAt }
}

/** The user a live ticket is for (an enabled user who still has two-factor sign-in on), or nothing. */
export async function pendingSignInStaff(db: Database, tokenHash: string) {
	const [row] = await db
		.select({ staff: staffUsers })
		.from(staffPendingSignIns)
		.innerJoin(staffUsers, eq(staffUsers.id, staffPendingSignIns.staffId))
		.where(and(eq(staffPendingSignIns.tokenHash, tokenHash), gt(staffPendingSignIns.expiresAt, new Date()), isNull(staffUsers.disabledAt)))
		.limit(1)
	return row?.staff.totpEnabledAt ? row.staff : undefined
}

/** A ticket works once. */
export async function endPendingSignIn(db: Database, tokenHash: string) {
	await db.delete(staffPendingSignIns).where(eq(staffPendingSignIns.tokenHash, tokenHash))
}

/** For the command line: a user who lost their phone signs in with the password alone again, and their sign-ins so far end. */
export async function resetTwoFactor(db: Database, username: string, actor: Actor) {
	return db.transaction(async (tx) => {
		const [user] = await tx.select().from(staffUsers).where(eq(staffUsers.username, username)).limit(1)
		if (!user) return false
		await disableTwoFactor(tx, user.id)
		await tx.update(staffTokens).set({ revokedAt: new Date() }).where(and(eq(staffTokens.staffId, user.id), isNull(staffTokens.revokedAt)))
		await recordAudit(tx, actor, { action: 'reset-two-factor', entity: 'staff', entityId: user.id, summary: `Two-factor sign-in of ${user.username} reset` })
		return true
	})
}
