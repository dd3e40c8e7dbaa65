import { generateKeyPairSync } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ACCOUNT_MESSAGES } from '~/contract/accounts'
import { createAccountsApi } from '#tests/setup/accounts'
import { accounts, accountTokens, deviceTokens, oneTimePasswords } from '../db/schema'
import { loadPrivateKey, sha256 } from '../crypto/crypto'
import { consumeOtp, storeOtp } from './service'

let t: Awaited<ReturnType<typeof createAccountsApi>>
beforeAll(async () => {
	t = await createAccountsApi()
})
afterAll(() => t.close())

let serial = 0
/** A complete member form with a fresh e-mail and membership number. */
function memberForm(overrides: Record<string, unknown> = {}) {
	serial += 1
	return {
		sUserType: 'M',
		sPurpose: 'registration',
		sFullName: 'Meera Joshi',
		sFirmCompanyName: 'Joshi & Co',
		bIsGSTNumberAvailable: false,
		bIsGetUpdateOnEmail: true,
		bIsGetUpdateOnWhatsapp: false,
		sEmail: `Meera${serial}@Example.org`,
		sMobileNumber: '9876543210',
		sMembershipNumber: String(200000 + serial),
		sDob: '1990-02-03',
		oState: { sCode: 'MH' },
		oCity: { sName: 'Pune' },
		sPassword: 'a long enough secret',
		sConfirmPassword: 'a long enough secret',
		...overrides,
	}
}

async function registerMember(overrides: Record<string, unknown> = {}) {
	const form = memberForm(overrides)
	expect((await t.call('/auth/member/send-otp/v1', form)).status).toBe(200)
	const email = String(form.sEmail).toLowerCase()
	const answer = await t.call('/auth/member/register/v1', { ...form, nOtp: t.lastOtp(email) })
	expect(answer.status, JSON.stringify(answer.body)).toBe(201)
	return { ...form, sEmail: email }
}

async function login(form: { sMembershipNumber: unknown; sDob: unknown; sPassword: unknown }) {
	return t.call('/auth/member/login/v1', { sMembershipNumber: form.sMembershipNumber, sDob: form.sDob, sPassword: form.sPassword })
}

describe('registration with an OTP', () => {
	test('send-otp validates the whole form before any mail', async () => {
		const before = t.sink.messages.length
		const answer = await t.call(
			'/auth/member/send-otp/v1',
			memberForm({ sEmail: 'not-an-email', sMembershipNumber: '12', sConfirmPassword: 'other', oCity: { sName: 'Atlantis' } }),
		)
		expect(answer.status).toBe(400)
		expect(Object.keys(answer.body.errors ?? {})).toEqual(expect.arrayContaining(['sEmail', 'sMembershipNumber', 'sConfirmPassword']))
		expect(t.sink.messages.length).toBe(before)
	})

	test.each([
		['sGSTNumber', { bIsGSTNumberAvailable: true, sGSTNumber: 'ABC', sConfirmGSTNumber: 'ABC' }],
		['sConfirmGSTNumber', { bIsGSTNumberAvailable: true, sGSTNumber: '27AAPFU0939F1ZV', sConfirmGSTNumber: '27AAPFU0939F1ZW' }],
		['sPassword', { sPassword: 'short', sConfirmPassword: 'short' }],
		['sPassword', { sPassword: 'password1234', sConfirmPassword: 'password1234' }],
		['sDob', { sDob: '2999-01-01' }],
		['sMobileNumber', { sMobileNumber: '12345' }],
		['oCity.sName', { oCity: { sName: 'Atlantis' } }],
		['oState.sCode', { oState: { sCode: 'ZZ' } }],
		['sFullName', { sFullName: '' }],
	])('refuses a bad %s', async (field, overrides) => {
		const answer = await t.call('/auth/member/send-otp/v1', memberForm(overrides))
		expect(answer.status).toBe(400)
		expect(answer.body.errors?.[field], JSON.stringify(answer.body)).toBeTruthy()
	})

	test('a member registers with the OTP from the mail and signs in; the e-mail is kept lowercased', async () => {
		const form = await registerMember()
		const [row] = await t.db.select().from(accounts).where(eq(accounts.email, form.sEmail))
		expect(row?.email).toBe(form.sEmail)
		const answer = await login(form)
		expect(answer.status).toBe(200)
		expect(answer.body.data.sToken.length).toBeGreaterThanOrEqual(22)
		expect(answer.body.data.oProfile).toEqual({ sFullName: 'Meera Joshi', sEmail: form.sEmail, sUserType: 'M' })
	})

	test('a student registers too', async () => {
		const form = {
			sUserType: 'S',
			sPurpose: 'registration',
			sCourse: 'Final',
			sFullName: 'Kiran Rao',
			sEmail: 'kiran@example.org',
			sMobileNumber: '+91 9123456789',
			sRegistrationNumber: 'wro0999999',
			sDob: '2003-05-06',
			oState: { sCode: 'KA' },
			oCity: { sName: 'Bengaluru' },
			sPassword: 'student secret 1',
			sConfirmPassword: 'student secret 1',
		}
		expect((await t.call('/auth/student/send-otp/v1', form)).status).toBe(200)
		const answer = await t.call('/auth/student/register/v1', { ...form, nOtp: t.lastOtp('kiran@example.org') })
		expect(answer.status, JSON.stringify(answer.body)).toBe(201)
		expect(answer.body.data).toMatchObject({ sUserType: 'S', sRegistrationNumber: 'WRO0999999', oState: { sCode: 'KA', sName: 'Karnataka' } })
		const signIn = await t.call('/auth/student/login/v1', { sRegistrationNumber: 'WRO0999999', sDob: '2003-05-06', sPassword: 'student secret 1' })
		expect(signIn.status).toBe(200)
	})

	test('an e-mail already registered gets the same answer, and a mail that says so instead of a code', async () => {
		const form = await registerMember()
		const fresh = await t.call('/auth/member/send-otp/v1', memberForm())
		const again = await t.call('/auth/member/send-otp/v1', { ...memberForm(), sEmail: form.sEmail })
		expect(again.status).toBe(fresh.status)
		expect(again.body).toEqual(fresh.body)
		const mail = t.sink.for(form.sEmail).at(-1)
		expect(mail?.text).toMatch(/already have an account/)
		expect(mail?.text).not.toMatch(/\b\d{6}\b/)
	})

	test('a wrong OTP is refused; the fifth wrong try ends it; a used one does not work again', async () => {
		const form = memberForm()
		await t.call('/auth/member/send-otp/v1', form)
		const email = String(form.sEmail).toLowerCase()
		const right = t.lastOtp(email)
		const wrong = right === 999999 ? 999998 : right + 1
		for (let i = 0; i < 5; i++) {
			const answer = await t.call('/auth/member/register/v1', { ...form, nOtp: wrong })
			expect(answer.status).toBe(400)
			expect(answer.body.errors?.nOtp).toEqual([ACCOUNT_MESSAGES.wrongOtp])
		}
		expect((await t.call('/auth/member/register/v1', { ...form, nOtp: right })).status).toBe(400)

		await t.call('/auth/member/send-otp/v1', form)
		const fresh = t.lastOtp(email)
		expect((await t.call('/auth/member/register/v1', { ...form, nOtp: fresh })).status).toBe(201)
		expect((await t.call('/auth/member/register/v1', { ...form, nOtp: fresh })).status).toBe(400)
	})

	test('a new OTP replaces the old one, and an expired one is refused', async () => {
		const form = memberForm()
		const email = String(form.sEmail).toLowerCase()
		await t.call('/auth/member/send-otp/v1', form)
		const first = t.lastOtp(email)
		await t.call('/auth/member/send-otp/v1', form)
		const second = t.lastOtp(email)
		if (first !== second) expect((await t.call('/auth/member/register/v1', { ...form, nOtp: first })).status).toBe(400)
		await t.db
			.update(oneTimePasswords)
			.set({ expiresAt: new Date(Date.now() - 1000) })
			.where(eq(oneTimePasswords.email, email))
		expect((await t.call('/auth/member/register/v1', { ...form, nOtp: second })).status).toBe(400)
	})

	test('the OTP is stored hashed, never as the code', async () => {
		const form = memberForm()
		const email = String(form.sEmail).toLowerCase()
		await t.call('/auth/member/send-otp/v1', form)
		const [row] = await t.db.select().from(oneTimePasswords).where(eq(oneTimePasswords.email, email))
		expect(row?.codeHash).not.toContain(String(t.lastOtp(email)))
		expect(row?.codeHash.length).toBeGreaterThan(40)
	})

	test('a membership number already registered is refused after the OTP', async () => {
		const first = await registerMember()
		const form = memberForm({ sMembershipNumber: first.sMembershipNumber })
		await t.call('/auth/member/send-otp/v1', form)
		const answer = await t.call('/auth/member/register/v1', { ...form, nOtp: t.lastOtp(String(form.sEmail).toLowerCase()) })
		expect(answer.status).toBe(409)
		expect(answer.body.errors?.sMembershipNumber).toBeTruthy()
	})

	test('resends are limited per e-mail', async () => {
		const form = memberForm()
		const statuses = []
		for (let i = 0; i < 6; i++) statuses.push((await t.call('/auth/member/send-otp/v1', form)).status)
		expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
	})

	test('50 registrations from one address within an hour all go through', async () => {
		const before = (await t.db.select().from(accounts)).length
		for (let i = 0; i < 50; i++) await registerMember({ sMembershipNumber: String(300000 + i) })
		expect((await t.db.select().from(accounts)).length).toBe(before + 50)
	}, 120_000)
})

/** Sign-in attempts on one account, each from a client address and with what else a browser sends. */
const attemptsOn =
	(form: { sMembershipNumber: unknown; sDob: unknown }) =>
	(password: string, clientAddress: string, extra: Record<string, unknown> = {}) =>
		t.call('/auth/member/login/v1', { sMembershipNumber: form.sMembershipNumber, sDob: form.sDob, sPassword: password, ...extra }, { clientAddress })

describe('login', () => {
	test('one uniform error for a wrong password, a wrong date of birth and an unknown number', async () => {
		const form = await registerMember()
		const answers = await Promise.all([
			login({ ...form, sPassword: 'not the password' }),
			login({ ...form, sDob: '1990-02-04' }),
			login({ ...form, sMembershipNumber: '999999' }),
		])
		for (const answer of answers) expect(answer).toMatchObject({ status: 400, body: { message: ACCOUNT_MESSAGES.loginFailed } })
	})

	test('attempts are limited per account and client: a stranger’s bad tries do not keep the owner out', async () => {
		const form = await registerMember()
		const attempt = attemptsOn(form)
		const statuses = []
		for (let i = 0; i < 11; i++) statuses.push((await attempt('wrong wrong', '192.0.2.66')).status)
		expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true)
		expect(statuses.at(-1)).toBe(429)
		// The owner, elsewhere, still signs in, and their browser is given a device token.
		const owner = await attempt(String(form.sPassword), '203.0.113.20')
		expect(owner.status).toBe(200)
		const sDeviceToken = owner.body.data.sDeviceToken as string
		expect(sDeviceToken).toMatch(/^[\w-]{43}$/)
		// Many strangers from many addresses do stop the account for new browsers...
		for (let i = 0; i < 40; i++) await attempt('wrong wrong', `198.51.100.${i + 1}`)
		expect((await attempt(String(form.sPassword), '203.0.113.21')).status).toBe(429)
		// ...but not for the browser that signed in before; a token for another number is no help.
		expect((await attempt(String(form.sPassword), '203.0.113.21', { sDeviceToken })).status).toBe(200)
		const other = await registerMember()
		const othersToken = (await login(other)).body.data.sDeviceToken as string
		expect((await attempt(String(form.sPassword), '192.0.2.66', { sDeviceToken: othersToken })).status).toBe(429)
	})

	test('a device token has a limit of its own: its wrong passwords are refused after ten, and lock out neither the owner’s other browser nor a new one', async () => {
		const form = await registerMember()
		const attempt = attemptsOn(form)
		const copied = (await attempt(String(form.sPassword), '203.0.113.30')).body.data.sDeviceToken as string
		const ownersOther = (await attempt(String(form.sPassword), '203.0.113.31')).body.data.sDeviceToken as string
		const statuses = []
		for (let i = 0; i < 60; i++) statuses.push((await attempt('wrong wrong', '192.0.2.77', { sDeviceToken: copied })).status)
		expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400))
		expect(statuses.slice(10)).toEqual(Array(50).fill(429))
		expect((await attempt(String(form.sPassword), '203.0.113.31', { sDeviceToken: ownersOther })).status).toBe(200)
		expect((await attempt(String(form.sPassword), '203.0.113.32')).status).toBe(200)
	})

	test('a device token is one browser’s: a sign-in with it replaces it, and the copy left behind is not honoured', async () => {
		const form = await registerMember()
		const attempt = attemptsOn(form)
		const issued = (await attempt(String(form.sPassword), '203.0.113.40')).body.data.sDeviceToken as string
		const renewed = (await attempt(String(form.sPassword), '203.0.113.40', { sDeviceToken: issued })).body.data.sDeviceToken as string
		expect(renewed).not.toBe(issued)
		// Strangers stop the account for browsers it does not know...
		for (let i = 0; i < 50; i++) await attempt('wrong wrong', `198.51.100.${i + 101}`)
		// ...and a copy of the earlier token, from another client, is one of those.
		expect((await attempt(String(form.sPassword), '192.0.2.80', { sDeviceToken: issued })).status).toBe(429)
		expect((await attempt(String(form.sPassword), '203.0.113.40', { sDeviceToken: renewed })).status).toBe(200)
	})

	test('a device token that has met thirty wrong passwords is withdrawn: a copy cannot guess for ever, ten at a time', async () => {
		const form = await registerMember()
		const attempt = attemptsOn(form)
		const sDeviceToken = (await attempt(String(form.sPassword), '203.0.113.45')).body.data.sDeviceToken as string
		// Twenty-nine wrong passwords met in earlier windows.
		await t.db
			.update(deviceTokens)
			.set({ wrongPasswords: 29 })
			.where(eq(deviceTokens.tokenHash, sha256(sDeviceToken)))
		expect((await attempt('wrong wrong', '192.0.2.81', { sDeviceToken })).status).toBe(400)
		for (let i = 0; i < 50; i++) await attempt('wrong wrong', `198.51.100.${i + 201}`)
		expect((await attempt(String(form.sPassword), '192.0.2.81', { sDeviceToken })).status).toBe(429)
	})

	test('ten browsers are remembered per account: the eleventh to sign in makes the account forget the first', async () => {
		const form = await registerMember()
		const attempt = attemptsOn(form)
		const tokens = []
		for (let i = 0; i < 11; i++) tokens.push((await attempt(String(form.sPassword), `203.0.113.${60 + i}`)).body.data.sDeviceToken as string)
		expect(
			await t.db
				.select()
				.from(deviceTokens)
				.where(eq(deviceTokens.tokenHash, sha256(tokens[0]!))),
		).toEqual([])
		expect(
			await t.db
				.select()
				.from(deviceTokens)
				.where(eq(deviceTokens.tokenHash, sha256(tokens[1]!))),
		).toHaveLength(1)
	})

	test('a password reset ends every browser’s device token', async () => {
		const form = await registerMember()
		const attempt = attemptsOn(form)
		const sDeviceToken = (await attempt(String(form.sPassword), '203.0.113.50')).body.data.sDeviceToken as string
		const newPassword = 'another long secret'
		const mails = t.sink.for(form.sEmail).length
		expect((await t.call('/auth/member/send-otp/v1', { sUserType: 'M', sPurpose: 'reset', sEmail: form.sEmail })).status).toBe(200)
		await expect.poll(() => t.sink.for(form.sEmail).length).toBe(mails + 1)
		const reset = await t.call('/auth/member/reset-password/v1', {
			sEmail: form.sEmail,
			nOtp: t.lastOtp(form.sEmail),
			sNewPassword: newPassword,
			sConfirmPassword: newPassword,
		})
		expect(reset.status, JSON.stringify(reset.body)).toBe(200)
		for (let i = 0; i < 50; i++) await attempt('wrong wrong', `198.51.100.${i + 151}`)
		expect((await attempt(newPassword, '203.0.113.50', { sDeviceToken })).status).toBe(429)
	})

	test('a password field sent in clear is refused', async () => {
		const answer = await t.call('/auth/member/login/v1', undefined, {
			raw: JSON.stringify({ sMembershipNumber: '123456', sDob: '1985-04-12', sPassword: 'in clear text' }),
			headers: { 'content-type': 'application/json' },
		})
		expect(answer.status).toBe(400)
		expect(answer.body.errors?.sPassword).toBeTruthy()
	})
})

describe('signed-in calls', () => {
	async function signedIn() {
		const form = await registerMember()
		const token = (await login(form)).body.data.sToken as string
		return { form, token }
	}

	test('details need a valid token: none, a made-up one and a student token all get 401', async () => {
		const { form, token } = await signedIn()
		expect((await t.call('/member/member-details/v1')).status).toBe(401)
		expect((await t.call('/member/member-details/v1', undefined, { token: 'x'.repeat(43) })).status).toBe(401)
		expect((await t.call('/student/student-details/v1', undefined, { token })).status).toBe(401)
		const answer = await t.call('/member/member-details/v1', undefined, { token })
		expect(answer.status).toBe(200)
		expect(answer.body.data).toMatchObject({
			sEmail: form.sEmail,
			sMembershipNumber: form.sMembershipNumber,
			oCity: { sName: 'Pune' },
			oState: { sCode: 'MH', sName: 'Maharashtra' },
		})
	})

	test('an expired token gets 401', async () => {
		const { token } = await signedIn()
		expect((await t.call('/member/member-details/v1', undefined, { token })).status).toBe(200)
		await t.db
			.update(accountTokens)
			.set({ expiresAt: new Date(Date.now() - 1000) })
			.where(eq(accountTokens.tokenHash, sha256(token)))
		expect((await t.call('/member/member-details/v1', undefined, { token })).status).toBe(401)
	})

	test('tokens are stored hashed', async () => {
		const { token } = await signedIn()
		const rows = await t.db.select().from(accountTokens)
		expect(rows.some((row) => row.tokenHash === token)).toBe(false)
	})

	test('logout revokes the token; a wrong e-mail is refused with a message', async () => {
		const { form, token } = await signedIn()
		const wrong = await t.call('/auth/member/logout/v1', { sEmail: 'someone@else.org', sUserType: 'M' }, { token })
		expect(wrong.status).toBe(400)
		const answer = await t.call('/auth/member/logout/v1', { sEmail: form.sEmail.toUpperCase(), sUserType: 'M' }, { token })
		expect(answer.status).toBe(200)
		expect((await t.call('/member/member-details/v1', undefined, { token })).status).toBe(401)
	})

	test('profile update, with validation', async () => {
		const { token } = await signedIn()
		const update = {
			sFullName: 'Meera J. Joshi',
			sFirmCompanyName: 'Joshi LLP',
			bIsGSTNumberAvailable: true,
			sGSTNumber: '27AAPFU0939F1ZV',
			sConfirmGSTNumber: '27aapfu0939f1zv',
			bIsGetUpdateOnEmail: false,
			bIsGetUpdateOnWhatsapp: true,
			sMobileNumber: '9000000001',
			oState: { sCode: 'GA' },
			oCity: { sName: 'Panaji' },
		}
		const answer = await t.call('/member/update-member-profile/v1', update, { token, method: 'PUT' })
		expect(answer.status, JSON.stringify(answer.body)).toBe(200)
		expect(answer.body.data).toMatchObject({
			sFullName: 'Meera J. Joshi',
			sGSTNumber: '27AAPFU0939F1ZV',
			oState: { sName: 'Goa' },
			bIsGetUpdateOnWhatsapp: true,
		})
		const bad = await t.call('/member/update-member-profile/v1', { ...update, sProfilePic: 'events/someone-else.jpg' }, { token, method: 'PUT' })
		expect(bad.status).toBe(400)
		expect(bad.body.errors?.sProfilePic).toBeTruthy()
	})

	test('password change: OTP, old password, other tokens revoked, the current one kept', async () => {
		const { form, token } = await signedIn()
		const other = (await login(form)).body.data.sToken as string
		const change = { sEmail: form.sEmail, sOldPassword: form.sPassword, sNewPassword: 'a brand new secret', sConfirmPassword: 'a brand new secret' }
		expect((await t.call('/auth/member/send-otp/v1', { ...change, sUserType: 'M', sPurpose: 'change' })).status).toBe(401)
		expect((await t.call('/auth/member/send-otp/v1', { ...change, sUserType: 'M', sPurpose: 'change' }, { token })).status).toBe(200)
		const nOtp = t.lastOtp(form.sEmail)
		const wrongOld = await t.call('/member/change-password/v1', { ...change, sOldPassword: 'not it at all', nOtp }, { token })
		expect(wrongOld.body.errors?.sOldPassword).toBeTruthy()
		const answer = await t.call('/member/change-password/v1', { ...change, nOtp }, { token })
		expect(answer.status, JSON.stringify(answer.body)).toBe(200)
		await expect.poll(() => t.sink.for(String(form.sEmail).toLowerCase()).at(-1)?.subject).toBe('Your password was changed')
		expect((await t.call('/member/member-details/v1', undefined, { token })).status).toBe(200)
		expect((await t.call('/member/member-details/v1', undefined, { token: other })).status).toBe(401)
		expect((await login({ ...form, sPassword: 'a brand new secret' })).status).toBe(200)
	})
})

describe('password reset', () => {
	test('an unknown e-mail gets the same answer and no mail', async () => {
		const before = t.sink.for('nobody@example.org').length
		const answer = await t.call('/auth/member/send-otp/v1', { sUserType: 'M', sPurpose: 'reset', sEmail: 'Nobody@example.org' })
		expect(answer).toMatchObject({ status: 200, body: { message: ACCOUNT_MESSAGES.otpSent } })
		expect(t.sink.for('nobody@example.org').length).toBe(before)
	})

	test('a known and an unknown address get the same answer after the same work; the code is mailed only after it', async () => {
		const form = await registerMember()
		const email = String(form.sEmail).toLowerCase()
		const resetCodes = async (address: string) =>
			(
				await t.db
					.select()
					.from(oneTimePasswords)
					.where(and(eq(oneTimePasswords.email, address), eq(oneTimePasswords.purpose, 'reset')))
			).length
		const before = t.sink.for(email).length
		const known = await t.call('/auth/member/send-otp/v1', { sUserType: 'M', sPurpose: 'reset', sEmail: form.sEmail })
		expect(t.sink.for(email).length).toBe(before)
		const unknown = await t.call('/auth/member/send-otp/v1', { sUserType: 'M', sPurpose: 'reset', sEmail: 'no.such.person@example.org' })
		expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body })
		// Both stored a code before answering: an address without an account costs what one with an account does.
		expect(await resetCodes(email)).toBe(1)
		expect(await resetCodes('no.such.person@example.org')).toBe(1)
		await expect.poll(() => t.sink.for(email).length).toBe(before + 1)
		expect(t.sink.for('no.such.person@example.org')).toEqual([])
	})

	test('reset with the OTP revokes every token', async () => {
		const form = await registerMember()
		const token = (await login(form)).body.data.sToken as string
		const before = t.sink.for(String(form.sEmail).toLowerCase()).length
		await t.call('/auth/member/send-otp/v1', { sUserType: 'M', sPurpose: 'reset', sEmail: form.sEmail })
		await expect.poll(() => t.sink.for(String(form.sEmail).toLowerCase()).length).toBe(before + 1)
		const reset = { sEmail: form.sEmail, nOtp: t.lastOtp(form.sEmail), sNewPassword: 'reset secret here', sConfirmPassword: 'reset secret here' }
		expect((await t.call('/auth/member/reset-password/v1', { ...reset, sConfirmPassword: 'different one!' })).body.errors?.sConfirmPassword).toBeTruthy()
		expect((await t.call('/auth/member/reset-password/v1', reset)).status).toBe(200)
		// The holder is told, with no code and no link that signs in.
		await expect.poll(() => t.sink.for(String(form.sEmail).toLowerCase()).at(-1)?.subject).toBe('Your password was reset')
		expect(t.sink.for(String(form.sEmail).toLowerCase()).at(-1)?.text).not.toMatch(/\b\d{6}\b|https?:/)
		expect((await t.call('/member/member-details/v1', undefined, { token })).status).toBe(401)
		expect((await login({ ...form, sPassword: 'reset secret here' })).status).toBe(200)
		expect((await t.call('/auth/member/reset-password/v1', reset)).status).toBe(400)
	})
})

describe('reference data and public key', () => {
	test('every state and union territory, with cities', async () => {
		const states = await t.call('/reference/states/v1')
		expect(states.body.data).toHaveLength(36)
		expect(states.headers.get('cache-control')).toMatch(/public/)
		const cities = await t.call('/reference/states/MH/cities/v1')
		expect(cities.body.data).toContainEqual({ sName: 'Pune' })
		expect((await t.call('/reference/states/ZZ/cities/v1')).status).toBe(404)
	})

	test('the public key is served', async () => {
		const answer = await t.call('/auth/public-key/v1')
		expect(answer.body.data.sPublicKey).toBe(t.publicKey)
	})
})

describe("send-otp takes the spec's payload: the whole form with sUserType, no sPurpose", () => {
	test('a sign-up form gets a registration code, and registers with it', async () => {
		const { sPurpose: _, ...form } = memberForm()
		const answer = await t.call('/auth/member/send-otp/v1', form)
		expect(answer).toMatchObject({ status: 200, body: { message: ACCOUNT_MESSAGES.otpSent } })
		const registered = await t.call('/auth/member/register/v1', { ...form, nOtp: t.lastOtp(String(form.sEmail).toLowerCase()) })
		expect(registered.status, JSON.stringify(registered.body)).toBe(201)
	})

	test('an address alone gets a reset code; a change form, signed in, a change code', async () => {
		const form = await registerMember()
		const before = t.sink.for(String(form.sEmail).toLowerCase()).length
		expect((await t.call('/auth/member/send-otp/v1', { sUserType: 'M', sEmail: form.sEmail })).status).toBe(200)
		await expect.poll(() => t.sink.for(String(form.sEmail).toLowerCase()).length).toBe(before + 1)
		const reset = {
			sEmail: form.sEmail,
			nOtp: t.lastOtp(String(form.sEmail).toLowerCase()),
			sNewPassword: 'reset without purpose',
			sConfirmPassword: 'reset without purpose',
		}
		expect((await t.call('/auth/member/reset-password/v1', reset)).status).toBe(200)
		const token = (await login({ ...form, sPassword: 'reset without purpose' })).body.data.sToken as string
		const change = {
			sUserType: 'M',
			sEmail: String(form.sEmail).toLowerCase(),
			sOldPassword: 'reset without purpose',
			sNewPassword: 'changed without purpose',
			sConfirmPassword: 'changed without purpose',
		}
		expect((await t.call('/auth/member/send-otp/v1', change)).status).toBe(401)
		expect((await t.call('/auth/member/send-otp/v1', change, { token })).status).toBe(200)
	})

	test('a form of no kind says what is missing; a wrong sPurpose is still refused', async () => {
		const nothing = await t.call('/auth/member/send-otp/v1', { sUserType: 'M' })
		expect(nothing.status).toBe(400)
		expect(nothing.body.errors?.sEmail).toBeTruthy()
		const wrong = await t.call('/auth/member/send-otp/v1', { sUserType: 'M', sPurpose: 'lottery', sEmail: 'a@example.org' })
		expect(wrong).toMatchObject({ status: 400, body: { errors: { sPurpose: ['Unknown purpose'] } } })
	})
})

describe('the OTP try cap under concurrent guesses', () => {
	// consumeOtp itself, on the real database: through the API the guesses would queue behind password hashing.
	const key = { email: 'racing@example.org', role: 'member' as const, purpose: 'reset' as const }
	const privateKey = loadPrivateKey(
		generateKeyPairSync('rsa', {
			modulusLength: 2048,
			privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
			publicKeyEncoding: { type: 'spki', format: 'pem' },
		}).privateKey,
	)
	const context = () => ({ get: () => ({ db: t.db, accounts: { privateKey } }) }) as unknown as Parameters<typeof consumeOtp>[0]

	test('of many guesses sent at once, at most the cap are looked at: the right code sent last is refused', async () => {
		const c = context()
		await storeOtp(c, key, 424242)
		const wrong = Array.from({ length: 30 }, (_, index) => 500000 + index)
		const outcomes = await Promise.allSettled([...wrong, 424242].map((code) => consumeOtp(c, key, code)))
		expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(31).fill('rejected'))
		await expect(consumeOtp(c, key, 424242)).rejects.toMatchObject({ status: 400 })
	})

	test('a right code sent twice at once is used once', async () => {
		const c = context()
		await storeOtp(c, key, 313131)
		const outcomes = await Promise.allSettled([consumeOtp(c, key, 313131), consumeOtp(c, key, 313131)])
		expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected'])
	})
})

describe('passwords are decrypted only when a call uses them, and only within its limits', () => {
	const rawLogin = (body: Record<string, unknown>, clientAddress = '198.51.100.9') =>
		t.call('/auth/member/login/v1', undefined, { raw: JSON.stringify(body), headers: { 'content-type': 'application/json' }, clientAddress })

	test('a password field the call does not use is not decrypted (nor refused)', async () => {
		const form = await registerMember()
		const answer = await t.call('/auth/member/login/v1', { sMembershipNumber: form.sMembershipNumber, sDob: form.sDob, sPassword: form.sPassword })
		expect(answer.status).toBe(200)
		const encrypted = await t.call('/auth/member/login/v1', undefined, {
			raw: JSON.stringify({
				sMembershipNumber: form.sMembershipNumber,
				sDob: form.sDob,
				sPassword: t.encrypt(String(form.sPassword)),
				sOldPassword: 'not encrypted at all',
				sNewPassword: 'nor this',
			}),
			headers: { 'content-type': 'application/json' },
		})
		expect(encrypted.status, JSON.stringify(encrypted.body)).toBe(200)
	})

	test('forms that fail still count against the limit, which is checked before any decryption', async () => {
		const number = String(300000 + Math.floor(Math.random() * 99999))
		for (let attempt = 0; attempt < 10; attempt++) {
			expect((await rawLogin({ sMembershipNumber: number, sDob: 'not a date', sPassword: 'unreadable' })).status).toBe(400)
		}
		const limited = await rawLogin({ sMembershipNumber: number, sDob: '1990-01-01', sPassword: 'unreadable' })
		expect(limited.status).toBe(429)
		expect(limited.body.errors?.sPassword).toBeUndefined()
	})
})
