// Every call that decrypts a password or hashes one answers "try again later" (503, Retry-After,
// the API's envelope) when the sign-in pool refuses the work, never a fault. The pool here is
// closed, the refusal that needs no timing; a full line's refusal is the pool's own test.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createAccountsApi, createTestAccount, createTestStaff } from '#tests/setup/accounts'
import { staffUsers } from '../db/schema'
import { createSignInPool } from '../crypto/sign-in-pool'

let t: Awaited<ReturnType<typeof createAccountsApi>>
beforeAll(async () => {
	const closed = createSignInPool({ threads: 1, queueLimit: 1, deadlineMs: 1000 })
	await closed.close()
	t = await createAccountsApi({ signInPool: closed })
})
afterAll(() => t.close())

const PASSWORD = 'a long enough secret'

test('sign-in, office sign-in, registration, reset, change and staff passwords: 503 with Retry-After', async () => {
	const { account, token } = await createTestAccount(t.db, 'member')
	const { staff, token: staffToken } = await createTestStaff(t.db)
	await t.db.update(staffUsers).set({ role: 'admin' }).where(eq(staffUsers.id, staff.id))
	const calls: Array<[string, Record<string, unknown>, string?]> = [
		['/auth/member/login/v1', { sMembershipNumber: account.number, sDob: account.dob, sPassword: PASSWORD }],
		['/auth/office/login/v1', { sUsername: 'clerk', sPassword: PASSWORD }],
		[
			'/auth/member/send-otp/v1',
			{ sUserType: 'M', sPurpose: 'change', sEmail: account.email, sOldPassword: PASSWORD, sNewPassword: `${PASSWORD}!`, sConfirmPassword: `${PASSWORD}!` },
			token,
		],
		[
			'/auth/member/register/v1',
			{ sUserType: 'M', sEmail: 'new@example.org', sMembershipNumber: '654321', nOtp: 123456, sPassword: PASSWORD, sConfirmPassword: PASSWORD },
		],
		['/auth/student/reset-password/v1', { sEmail: 'someone@example.org', nOtp: 123456, sNewPassword: PASSWORD, sConfirmPassword: PASSWORD }],
		[
			'/member/change-password/v1',
			{ sEmail: account.email, nOtp: 123456, sOldPassword: PASSWORD, sNewPassword: `${PASSWORD}!`, sConfirmPassword: `${PASSWORD}!` },
			token,
		],
		['/office/staff/v1', { sUsername: 'newclerk', sFullName: 'New Clerk', sRole: 'editor', sPassword: PASSWORD }, staffToken],
	]
	for (const [path, body, bearer] of calls) {
		const answer = await t.call(path, body, { token: bearer })
		expect(answer.status, path).toBe(503)
		expect(answer.headers.get('retry-after'), path).toBe('60')
		expect(answer.body, path).toEqual({ message: 'The portal is restarting; try again in a minute' })
	}
})
