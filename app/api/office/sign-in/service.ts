// Staff sign-in's work: finding the user a username and password name, the answers that sign a
// user in or ask for the code step, what a wrong code sets off, and signing out.
import { eq } from 'drizzle-orm'
import type { Context } from 'hono'
import type { StaffLoginAnswer, StaffSignedIn } from '~/contract/office/auth'
import { WRONG_CODE_RULES } from '~/contract/office/two-factor'
import { formatIndiaMomentLong } from '~/utils/kolkata-date'
import { deviceToken } from '../../crypto/crypto'
import { decoyHash, verifyPassword } from '../../crypto/passwords'
import type { Database } from '../../db/client'
import { staffTokens, staffUsers } from '../../db/schema'
import { clientAddress } from '../../rate-limit'
import { OFFICE_SIGN_IN, recordAudit } from '../../shared/audit'
import { issueStaffToken, twoFactorSetupDue } from '../../auth/staff'
import { raiseWrongCodeAlert, startPendingSignIn } from '../two-factor/service'
import { accountDeps, type AccountDeps, type ApiDeps, type ApiEnv } from '../../env'

/** The user type a staff user's device token names (members' are M and S). */
export const STAFF_DEVICE = 'office'

type Staff = typeof staffUsers.$inferSelect

/** The user the username and password name; null alike when the user is unknown, disabled or the password wrong. */
export async function staffForPassword(
	db: Database,
	{ passwordCost, signInPool }: Pick<AccountDeps, 'passwordCost' | 'signInPool'>,
	{ sUsername, sPassword }: { sUsername: string; sPassword: string },
): Promise<Staff | null> {
	const [staff] = await db.select().from(staffUsers).where(eq(staffUsers.username, sUsername)).limit(1)
	// An unknown user costs a hash too, so the time taken does not tell it apart.
	const passwordOk = await verifyPassword(sPassword, staff?.passwordHash ?? (await decoyHash(passwordCost, signInPool)), signInPool)
	return staff && passwordOk && !staff.disabledAt ? staff : null
}

/** The password step's answer for a user with two-factor sign-in: a short-lived ticket for the code step. */
export async function askForCode(db: Database, staffId: number, passwordLimitKeys: string[]): Promise<StaffLoginAnswer> {
	const { token, expiresAt } = await startPendingSignIn(db, staffId, passwordLimitKeys)
	return { bCodeNeeded: true, sPendingToken: token, dExpiresAt: expiresAt.toISOString() }
}

export async function signInStaff(deps: ApiDeps, { privateKey }: Pick<AccountDeps, 'privateKey'>, staff: Staff): Promise<StaffSignedIn> {
	const { token, expiresAt } = await issueStaffToken(deps.db, staff.id)
	return {
		bCodeNeeded: false,
		sToken: token,
		dExpiresAt: expiresAt.toISOString(),
		oStaff: { sUsername: staff.username, sFullName: staff.fullName, sRole: staff.role },
		sDeviceToken: deviceToken(privateKey, STAFF_DEVICE, staff.username),
		bTwoFactorSetupDue: twoFactorSetupDue(deps, staff),
	}
}

/**
 * A wrong code after a right password (already counted), in the audit log. From
 * WRONG_CODE_RULES.alertAfter in a row someone else may know the password: the administrators are
 * told on the dashboard, and the user by mail, once; the user again when the code step locks.
 */
export async function recordWrongCode(c: Context<ApiEnv>, staff: Staff, wrongCodes: number) {
	const { db } = c.get('deps')
	const locked = wrongCodes === WRONG_CODE_RULES.lockAfter
	await recordAudit(db, OFFICE_SIGN_IN, {
		action: 'wrong-two-factor-code',
		entity: 'staff',
		entityId: staff.id,
		summary: `Wrong two-factor code for ${staff.username} after a right password, ${wrongCodes} in a row${locked ? '; the code step is locked' : ''} (from ${clientAddress(c)})`,
	})
	const alertRaised = wrongCodes >= WRONG_CODE_RULES.alertAfter && (await raiseWrongCodeAlert(db, staff.id))
	if (staff.email && (alertRaised || locked)) mailWrongCodes(c, staff.email, staff.username, wrongCodes, locked)
}

function mailWrongCodes(c: Context<ApiEnv>, to: string, username: string, wrongCodes: number, locked: boolean) {
	const { mailer, branchName } = accountDeps(c)
	const text =
		`On ${formatIndiaMomentLong(new Date())} (India time) someone signed in to the ${branchName} office as ${username} with your password, ` +
		`then entered ${wrongCodes} wrong two-factor codes in a row.${locked ? ' Your two-factor sign-in is now locked; an administrator can lift the lock on the office’s staff page.' : ''}\n\n` +
		`If this was not you, someone else knows your password: ask an administrator to set a new one at once. The administrators see this on the office dashboard.\n`
	const subject = locked ? 'Your office sign-in is locked' : 'Wrong codes after your office password'
	void mailer.send({ to, subject, text }).catch((error: unknown) => c.get('deps').log.error({ err: error }, 'A wrong-code notice could not be mailed'))
}

export async function revokeStaffToken(db: Database, tokenHash: string) {
	await db.update(staffTokens).set({ revokedAt: new Date() }).where(eq(staffTokens.tokenHash, tokenHash))
}
