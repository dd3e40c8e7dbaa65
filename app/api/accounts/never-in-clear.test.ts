// A password never reaches the database or a log line in clear. That the portal sends it to the API
// only encrypted is the login page's test (app/routes/login.test.ts).
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { otpOf } from '../../../scripts/smtp-sink.mjs'
import { createAccountsApi } from '#tests/setup/accounts'

const PASSWORD = 'my very secret phrase 42'
const NEW_PASSWORD = 'another secret phrase 43'
const logLines: string[] = []
let t: Awaited<ReturnType<typeof createAccountsApi>>

beforeAll(async () => {
	const sink = new Writable({ write: (chunk, _encoding, done) => (logLines.push(String(chunk)), done()) })
	t = await createAccountsApi({ log: pino({ level: 'trace' }, sink) })
})
afterAll(() => t.close())

test('registration, login, change and reset leave no password in the database or the log', async () => {
	const form = {
		sUserType: 'S',
		sPurpose: 'registration',
		sCourse: 'Final',
		sFullName: 'Secret Keeper',
		sEmail: 'keeper@example.org',
		sMobileNumber: '9123456789',
		sRegistrationNumber: 'KEEP12345',
		sDob: '2001-01-01',
		oState: { sCode: 'MH' },
		oCity: { sName: 'Pune' },
		sPassword: PASSWORD,
		sConfirmPassword: PASSWORD,
	}
	await t.call('/auth/student/send-otp/v1', form)
	expect((await t.call('/auth/student/register/v1', { ...form, nOtp: t.lastOtp('keeper@example.org') })).status).toBe(201)
	const login = await t.call('/auth/student/login/v1', { sRegistrationNumber: 'KEEP12345', sDob: '2001-01-01', sPassword: PASSWORD })
	const token = login.body.data.sToken as string
	const change = { sEmail: 'keeper@example.org', sOldPassword: PASSWORD, sNewPassword: NEW_PASSWORD, sConfirmPassword: NEW_PASSWORD }
	await t.call('/auth/student/send-otp/v1', { ...change, sUserType: 'S', sPurpose: 'change' }, { token })
	expect((await t.call('/student/change-password/v1', { ...change, nOtp: t.lastOtp('keeper@example.org') }, { token })).status).toBe(200)
	await t.call('/auth/student/send-otp/v1', { sUserType: 'S', sPurpose: 'reset', sEmail: 'keeper@example.org' })
	await expect.poll(() => t.sink.for('keeper@example.org').some((mail) => mail.subject === 'Your password reset code')).toBe(true)
	const reset = {
		sEmail: 'keeper@example.org',
		nOtp: otpOf(t.sink.for('keeper@example.org').findLast((mail) => mail.subject === 'Your password reset code')),
		sNewPassword: PASSWORD,
		sConfirmPassword: PASSWORD,
	}
	expect((await t.call('/auth/student/reset-password/v1', reset)).status).toBe(200)

	const tables = ['accounts', 'account_tokens', 'one_time_passwords', 'upload_slots', 'rate_limits', 'sessions']
	const dump = JSON.stringify(await Promise.all(tables.map((table) => t.db.execute(sql.raw(`select * from ${table}`)))))
	expect(dump).toContain('KEEP12345')
	for (const secret of [PASSWORD, NEW_PASSWORD]) {
		expect(dump).not.toContain(secret)
		expect(logLines.join('\n')).not.toContain(secret)
	}
	expect(logLines.join('\n')).toContain('Mail sent')
})
