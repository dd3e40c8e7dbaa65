// Two-factor sign-in for staff (decisions 0048 and 0061): TOTP keys (RFC 6238, by otpauth) sealed
// in the database, ten one-time recovery codes kept as keyed digests, each app code accepted once,
// the ticket between the password step and the code step, and the count of wrong codes in a row.
import { randomInt, type KeyObject } from 'node:crypto'
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { TOTP_CODE_PATTERN } from '~/contract/office/auth'
import { codeWaitSeconds, RECOVERY_CODE_COUNT, WRONG_CODE_RULES } from '~/contract/office/two-factor'
import { keyedDigest, newToken, openSecret, sealSecret, sha256 } from '../../crypto/crypto'
import type { Database } from '../../db/client'
import { staffPendingSignIns, staffUsers } from '../../db/schema'
import { recordAudit, type Actor } from '../../shared/audit'
import { endStaffSignIns } from '../../auth/staff'

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
const recoveryDigest = (privateKey: KeyObject, staffId: number, code: string) =>
	keyedDigest(privateKey, 'recovery-code', [String(staffId), code.replace('-', '')])

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
	await db
		.update(staffUsers)
		.set({ totpPendingSecret: sealSecret(privateKey, secret) })
		.where(eq(staffUsers.id, staff.id))
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
		.set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodeDigests: [], ...NO_WRONG_CODES })
		.where(eq(staffUsers.id, staffId))
	await db.delete(staffPendingSignIns).where(eq(staffPendingSignIns.staffId, staffId))
}

/** Wrong codes in a row, forgotten: by a right code, an administrator, a new password, or turning it off. */
export const NO_WRONG_CODES = { codeFailures: 0, lastCodeFailureAt: null } as const

export const isCodeLocked = (staff: Pick<Staff, 'codeFailures'>) => staff.codeFailures >= WRONG_CODE_RULES.lockAfter

/**
 * Counts a try at the code step before its code is checked, so that tries sent at once cannot slip
 * past the wait (of those, one is counted; the others wait). Answers how many wrong codes in a row
 * the try makes if it is wrong, or why it may not be made now.
 */
export async function countCodeTry(db: Database, staff: Staff, now = new Date()) {
	if (isCodeLocked(staff)) return { refused: 'locked' as const }
	const waitUntil = (staff.lastCodeFailureAt?.getTime() ?? 0) + codeWaitSeconds(staff.codeFailures) * 1000
	if (waitUntil > now.getTime()) return { refused: 'wait' as const, seconds: Math.ceil((waitUntil - now.getTime()) / 1000) }
	const [row] = await db
		.update(staffUsers)
		.set({ codeFailures: staff.codeFailures + 1, lastCodeFailureAt: now })
		.where(and(eq(staffUsers.id, staff.id), eq(staffUsers.codeFailures, staff.codeFailures)))
		.returning({ codeFailures: staffUsers.codeFailures })
	if (!row) return { refused: 'wait' as const, seconds: Math.max(1, codeWaitSeconds(staff.codeFailures + 1)) }
	return { refused: null, wrongCodes: row.codeFailures }
}

/** A right code: the count starts again (an alert the administrators were given stays until they clear it). */
export async function forgetWrongCodes(db: Database, staffId: number) {
	await db.update(staffUsers).set(NO_WRONG_CODES).where(eq(staffUsers.id, staffId))
}

/** Raises the administrators' alert about a right password meeting wrong codes; true when it was not up already. */
export async function raiseWrongCodeAlert(db: Database, staffId: number) {
	const [row] = await db
		.update(staffUsers)
		.set({ codeAlertAt: new Date() })
		.where(and(eq(staffUsers.id, staffId), isNull(staffUsers.codeAlertAt)))
		.returning({ id: staffUsers.id })
	return Boolean(row)
}

/** An administrator lifts a lock and clears the alert (the staff page). */
export async function clearWrongCodes(db: Database, staffId: number) {
	const [row] = await db
		.update(staffUsers)
		.set({ ...NO_WRONG_CODES, codeAlertAt: null })
		.where(eq(staffUsers.id, staffId))
		.returning()
	return row
}

/** The password step passed: a ticket for the code step, kept as its hash, with the password step's rate-limit keys. */
export async function startPendingSignIn(db: Database, staffId: number, passwordLimitKeys: string[]) {
	const token = newToken()
	const now = new Date()
	const expiresAt = new Date(now.getTime() + PENDING_SIGN_IN_MINUTES * 60_000)
	// The user's tickets that ran out go now: they never pile up.
	await db.delete(staffPendingSignIns).where(and(eq(staffPendingSignIns.staffId, staffId), lt(staffPendingSignIns.expiresAt, now)))
	await db.insert(staffPendingSignIns).values({ tokenHash: sha256(token), staffId, expiresAt, passwordLimitKeys })
	return { token, expiresAt }
}

/** The user a live ticket is for (an enabled user who still has two-factor sign-in on) and its password step's limits, or nothing. */
export async function pendingSignIn(db: Database, tokenHash: string) {
	const [row] = await db
		.select({ staff: staffUsers, passwordLimitKeys: staffPendingSignIns.passwordLimitKeys })
		.from(staffPendingSignIns)
		.innerJoin(staffUsers, eq(staffUsers.id, staffPendingSignIns.staffId))
		.where(and(eq(staffPendingSignIns.tokenHash, tokenHash), gt(staffPendingSignIns.expiresAt, new Date()), isNull(staffUsers.disabledAt)))
		.limit(1)
	return row?.staff.totpEnabledAt ? row : undefined
}

/** A ticket works once. */
export async function endPendingSignIn(db: Database, tokenHash: string) {
	await db.delete(staffPendingSignIns).where(eq(staffPendingSignIns.tokenHash, tokenHash))
}

/** For the command line: a user who lost their phone (or is locked out) signs in with the password alone again, and their sign-ins so far end. */
export async function resetTwoFactor(db: Database, username: string, actor: Actor) {
	return db.transaction(async (tx) => {
		const [user] = await tx.select().from(staffUsers).where(eq(staffUsers.username, username)).limit(1)
		if (!user) return false
		await disableTwoFactor(tx, user.id)
		await endStaffSignIns(tx, user.id)
		await recordAudit(tx, actor, { action: 'reset-two-factor', entity: 'staff', entityId: user.id, summary: `Two-factor sign-in of ${user.username} reset` })
		return true
	})
}
