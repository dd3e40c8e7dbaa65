// Staff sign-in's work: finding the user a username and password name, the answers that sign a
// user in or ask for the code step, and signing out.
import { eq } from 'drizzle-orm'
import type { StaffLoginAnswer, StaffSignedIn } from '~/contract/office/auth'
import { deviceToken } from '../../crypto/crypto'
import { decoyHash, verifyPassword } from '../../crypto/passwords'
import type { Database } from '../../db/client'
import { staffTokens, staffUsers } from '../../db/schema'
import { issueStaffToken, twoFactorSetupDue } from '../../auth/staff'
import { startPendingSignIn } from '../two-factor/service'
import type { AccountDeps, ApiDeps } from '../../env'

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
export async function askForCode(db: Database, staffId: number): Promise<StaffLoginAnswer> {
	const { token, expiresAt } = await startPendingSignIn(db, staffId)
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

export async function revokeStaffToken(db: Database, tokenHash: string) {
	await db.update(staffTokens).set({ revokedAt: new Date() }).where(eq(staffTokens.tokenHash, tokenHash))
}
