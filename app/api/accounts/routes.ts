// The account calls of docs/spec.md §7: OTP, registration, login, password reset, logout, reference data.
// No answer tells whether an account or an e-mail address exists: those paths answer alike.
import { eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import {
	ACCOUNT_MESSAGES,
	accountEndpoints,
	OTP_VALID_MINUTES,
	loginSchemas,
	registrationSchemas,
	resetPasswordSchema,
	sendOtpEnvelopeSchema,
	sendOtpFormSchemas,
	otpPurposeOf,
	type LoginAnswer,
	type OtpPurpose,
} from '~/contract/accounts'
import { USER_TYPES } from '~/contract/constants'
import { accounts, accountTokens } from '../db/schema'
import { handle } from '../endpoints'
import { ApiError, fieldErrors, jsonBody } from '../http'
import { clientAddress, enforceRateLimits } from '../rate-limit'
import { checkNothingOpen } from './closure'
import { newOtp } from '../crypto/crypto'
import { countWrongPassword, forgetDevices, issueDeviceToken, recognisedDevice } from './device-tokens'
import { decoyHash, hashPassword, verifyPassword } from '../crypto/passwords'
import { requireAccount } from '../auth/account'
import { checkForm, rawField, readForm, sentValue } from '../auth/forms'
import { citiesOf, STATES } from '../india-places'
import {
	checkProfilePic,
	consumeOtp,
	findAccount,
	issueToken,
	mailPasswordNotice,
	profileColumns,
	revokeTokens,
	roleParam,
	storeOtp,
	toProfile,
} from './service'
import { accountDeps, type ApiEnv } from '../env'

const HOUR = 3600
/**
 * Tight per e-mail or account, loose per client address: a classroom or a firm's office shares one
 * address, and 50 registrations from one address within an hour must go through (docs/architecture.md, "Rules that hold everywhere").
 */
export const ACCOUNT_LIMITS = {
	otpPerEmail: { limit: 5, windowSeconds: HOUR },
	otpPerClient: { limit: 300, windowSeconds: HOUR },
	registerPerClient: { limit: 200, windowSeconds: HOUR },
	/** Per account and client together: one client's bad tries do not keep the owner out elsewhere. */
	loginPerAccountAndClient: { limit: 10, windowSeconds: 15 * 60 },
	/** Per account from everywhere: a spread-out guess is stopped too, but not a browser that signed in before. */
	loginPerAccount: { limit: 50, windowSeconds: 15 * 60 },
	/** Per device token, instead of the two above: its tries lock neither the owner's other browsers nor new ones. */
	loginPerDevice: { limit: 10, windowSeconds: 15 * 60 },
	loginPerClient: { limit: 300, windowSeconds: HOUR },
	resetPerEmail: { limit: 10, windowSeconds: HOUR },
	resetPerClient: { limit: 300, windowSeconds: HOUR },
	changePerAccount: { limit: 10, windowSeconds: HOUR },
	closePerAccount: { limit: 10, windowSeconds: HOUR },
	/** Each download is audited: a loop cannot fill the office's log. */
	downloadPerAccount: { limit: 30, windowSeconds: HOUR },
} as const

/** The password fields each form uses: only these are decrypted. */
const NEW_PASSWORD_PAIR = ['sPassword', 'sConfirmPassword'] as const
const OTP_FORM_PASSWORDS = {
	registration: NEW_PASSWORD_PAIR,
	reset: [],
	change: ['sOldPassword', 'sNewPassword', 'sConfirmPassword'],
	close: [],
} as const satisfies Record<OtpPurpose, readonly string[]>

const OTP_SUBJECT: Record<OtpPurpose, string> = {
	registration: 'Your registration code',
	reset: 'Your password reset code',
	change: 'Your password change code',
	close: 'Your code to close your account',
}

function otpMail(branchName: string, purpose: OtpPurpose, code: number) {
	const action = { registration: 'finish your registration', reset: 'reset your password', change: 'change your password', close: 'close your account' }[
		purpose
	]
	return `Your one-time password to ${action} at the ${branchName} portal is:\n\n    ${code}\n\nIt is valid for ${OTP_VALID_MINUTES} minutes and works once. If you did not ask for it, ignore this e-mail: nothing changes.\n`
}

async function sendOtp({ c }: { c: Context<ApiEnv> }) {
	const role = roleParam(c)
	const body = await jsonBody(c)
	const envelope = sendOtpEnvelopeSchema.safeParse(body)
	if (!envelope.success) throw new ApiError(400, 'Please correct the highlighted fields.', fieldErrors(envelope.error))
	const { sUserType } = envelope.data
	const purpose = envelope.data.sPurpose ?? otpPurposeOf(body as Record<string, unknown>)
	if (sUserType !== USER_TYPES[role])
		throw new ApiError(400, 'Please correct the highlighted fields.', { sUserType: ['The user type does not match this call'] })
	// Changing a password and closing an account are for the signed-in person, on their own address.
	const signedIn = purpose === 'change' || purpose === 'close' ? await requireAccount(c, role) : null
	await enforceRateLimits(c, [
		{ key: `otp:${role}:${purpose}:${rawField(body, 'sEmail')}`, ...ACCOUNT_LIMITS.otpPerEmail },
		{ key: `otp:client:${clientAddress(c)}`, ...ACCOUNT_LIMITS.otpPerClient },
	])
	const form = (await checkForm(c, sendOtpFormSchemas[purpose][role], body, OTP_FORM_PASSWORDS[purpose])) as { sEmail: string }
	if (signedIn && signedIn.account.email !== form.sEmail) {
		throw new ApiError(400, 'Please correct the highlighted fields.', { sEmail: ["This is not your account's e-mail address"] })
	}
	const { db, log } = c.get('deps')
	// Said before any code is sent: what stands in the way of closing is for the person to settle first.
	if (purpose === 'close') await checkNothingOpen(db, signedIn!.account.id)
	const { mailer, branchName } = accountDeps(c)
	const key = { email: form.sEmail, role, purpose }
	if (purpose === 'reset') {
		// Alike for every address until the answer is out, in what is done and how long it takes: a
		// code is stored whether the address has an account or not (one nobody receives, and a reset
		// finds no account for it). Only after the answer is the address looked up and mailed.
		const code = newOtp()
		await storeOtp(c, key, code)
		setImmediate(() =>
			findAccount(db, role, { email: form.sEmail })
				.then((account) => account && mailer.send({ to: form.sEmail, subject: OTP_SUBJECT.reset, text: otpMail(branchName, purpose, code) }))
				.catch((error: unknown) => log.error({ err: error }, 'A password reset code could not be mailed')),
		)
	} else if (purpose === 'registration' && (await findAccount(db, role, { email: form.sEmail }))) {
		// Same answer as for a new address; only the owner of the mailbox learns there is an account.
		await mailer.send({
			to: form.sEmail,
			subject: OTP_SUBJECT.registration,
			text: `Someone (perhaps you) asked to register this e-mail address at the ${branchName} portal, but you already have an account. Sign in, or use "Forgot password" if you do not remember your password.\n`,
		})
	} else {
		// A new registration, or a change by the signed-in account holder.
		const code = newOtp()
		await storeOtp(c, key, code)
		await mailer.send({ to: form.sEmail, subject: OTP_SUBJECT[purpose], text: otpMail(branchName, purpose, code) })
	}
	return { message: ACCOUNT_MESSAGES.otpSent, data: undefined }
}

async function register({ c }: { c: Context<ApiEnv> }) {
	const role = roleParam(c)
	await enforceRateLimits(c, [{ key: `register:client:${clientAddress(c)}`, ...ACCOUNT_LIMITS.registerPerClient }])
	const form = (await readForm(c, registrationSchemas[role], NEW_PASSWORD_PAIR)) as Record<string, unknown> & {
		sEmail: string
		sPassword: string
		sDob: string
		nOtp: number
	}
	const number = (role === 'member' ? form.sMembershipNumber : form.sRegistrationNumber) as string
	const { db } = c.get('deps')
	if (role === 'member') await checkProfilePic(db, form.sProfilePic as string | undefined)
	const { passwordCost, signInPool } = accountDeps(c)
	const passwordHash = await hashPassword(form.sPassword, passwordCost, signInPool)
	await consumeOtp(c, { email: form.sEmail, role, purpose: 'registration' }, form.nOtp)
	return db.transaction(async (tx) => {
		// The e-mail is proven by the OTP; a number already registered is said plainly only now.
		if (await findAccount(tx, role, { number })) {
			const field = role === 'member' ? 'sMembershipNumber' : 'sRegistrationNumber'
			throw new ApiError(409, 'This number is already registered. Sign in, or reset your password.', { [field]: ['This number is already registered'] })
		}
		if (await findAccount(tx, role, { email: form.sEmail })) throw new ApiError(409, 'This e-mail address already has an account. Please sign in.')
		const [account] = await tx
			.insert(accounts)
			.values({ ...profileColumns(form), userType: USER_TYPES[role], number, email: form.sEmail, dob: form.sDob, passwordHash } as typeof accounts.$inferInsert)
			.returning()
		return { message: ACCOUNT_MESSAGES.registered, data: toProfile(account!), status: 201 as const }
	})
}

async function login({ c }: { c: Context<ApiEnv> }) {
	const role = roleParam(c)
	const body = await jsonBody(c)
	const rawNumber = rawField(body, role === 'member' ? 'sMembershipNumber' : 'sRegistrationNumber')
	const { passwordCost, signInPool } = accountDeps(c)
	signInPool.refuseWhenFull()
	const { db } = c.get('deps')
	const device = await recognisedDevice(db, role, rawNumber, sentValue(body, 'sDeviceToken'))
	// A browser that signed in before counts apart from everyone else's tries, under its own limit.
	await enforceRateLimits(c, [
		...(device
			? [{ key: `login:${role}:device:${device}`, ...ACCOUNT_LIMITS.loginPerDevice }]
			: [
					{ key: `login:${role}:${rawNumber}:${clientAddress(c)}`, ...ACCOUNT_LIMITS.loginPerAccountAndClient },
					{ key: `login:${role}:${rawNumber}`, ...ACCOUNT_LIMITS.loginPerAccount },
				]),
		{ key: `login:client:${clientAddress(c)}`, ...ACCOUNT_LIMITS.loginPerClient },
	])
	const form = (await checkForm(c, loginSchemas[role], body, ['sPassword'])) as {
		sMembershipNumber?: string
		sRegistrationNumber?: string
		sDob: string
		sPassword: string
	}
	const number = (form.sMembershipNumber ?? form.sRegistrationNumber)!
	const account = await findAccount(db, role, { number })
	// An unknown number costs a hash too, so the time taken does not tell it apart.
	const passwordOk = await verifyPassword(form.sPassword, account?.passwordHash ?? (await decoyHash(passwordCost, signInPool)), signInPool)
	if (!account || !passwordOk || account.dob !== form.sDob || account.disabledAt) {
		if (device) await countWrongPassword(db, device)
		throw new ApiError(400, ACCOUNT_MESSAGES.loginFailed)
	}
	const { token, expiresAt } = await issueToken(db, account.id)
	const answer: LoginAnswer = {
		sToken: token,
		dExpiresAt: expiresAt.toISOString(),
		oProfile: { sFullName: account.fullName, sEmail: account.email, sUserType: account.userType },
		sDeviceToken: await issueDeviceToken(db, account.id, device),
	}
	return { message: 'Signed in', data: answer }
}

async function resetPassword({ c }: { c: Context<ApiEnv> }) {
	const role = roleParam(c)
	const body = await jsonBody(c)
	await enforceRateLimits(c, [
		{ key: `reset:${role}:${rawField(body, 'sEmail')}`, ...ACCOUNT_LIMITS.resetPerEmail },
		{ key: `reset:client:${clientAddress(c)}`, ...ACCOUNT_LIMITS.resetPerClient },
	])
	const form = await checkForm(c, resetPasswordSchema, body, ['sNewPassword', 'sConfirmPassword'])
	const { db } = c.get('deps')
	const { passwordCost, signInPool } = accountDeps(c)
	const passwordHash = await hashPassword(form.sNewPassword, passwordCost, signInPool)
	await consumeOtp(c, { email: form.sEmail, role, purpose: 'reset' }, form.nOtp)
	await db.transaction(async (tx) => {
		const account = await findAccount(tx, role, { email: form.sEmail })
		if (!account) throw new ApiError(400, ACCOUNT_MESSAGES.wrongOtp, { nOtp: [ACCOUNT_MESSAGES.wrongOtp] })
		await tx.update(accounts).set({ passwordHash, updatedAt: new Date() }).where(eq(accounts.id, account.id))
		await revokeTokens(tx, account.id)
		await forgetDevices(tx, account.id)
	})
	mailPasswordNotice(c, form.sEmail, 'reset')
	return { message: ACCOUNT_MESSAGES.passwordReset, data: undefined }
}

export const accountRoutes = new Hono<ApiEnv>()

handle(accountRoutes, accountEndpoints.publicKey, async ({ c }) => ({
	message: 'RSA public key (4096-bit, OAEP with SHA-256)',
	data: { sPublicKey: accountDeps(c).publicKeyPem },
}))
handle(accountRoutes, accountEndpoints.states, async () => ({ message: 'States and union territories', data: STATES }))
handle(accountRoutes, accountEndpoints.cities, async ({ params: { sStateCode } }) => {
	const cities = citiesOf(sStateCode)
	if (!cities) throw new ApiError(404, 'No such state.')
	return { message: 'Cities', data: cities.map((sName) => ({ sName })) }
})
handle(accountRoutes, accountEndpoints.sendOtp, sendOtp)
handle(accountRoutes, accountEndpoints.register, register)
handle(accountRoutes, accountEndpoints.login, login)
handle(accountRoutes, accountEndpoints.resetPassword, resetPassword)
handle(accountRoutes, accountEndpoints.logout, async ({ deps: { db }, caller: { account, tokenHash, role }, body: form }) => {
	if (form.sUserType !== USER_TYPES[role] || form.sEmail !== account.email) throw new ApiError(400, 'These details are not those of the signed-in account.')
	await db.update(accountTokens).set({ revokedAt: new Date() }).where(eq(accountTokens.tokenHash, tokenHash))
	return { message: ACCOUNT_MESSAGES.loggedOut, data: undefined }
})
