// The accounts contract (docs/spec.md §3, §7): paths, payload schemas and answers of registration, login,
// logout, one-time passwords, password reset and change, profiles and the picture upload.
// The portal's forms validate with these schemas in the browser and on the server; the API
// validates the same schemas after decrypting the password fields.
//
// Every password field (PASSWORD_FIELDS) travels between the portal and the API encrypted with the
// API's RSA public key (4096-bit, OAEP with SHA-256, base64): the portal's server encrypts it in the
// action, so a password never crosses the API boundary in clear, even with JavaScript off.
import { z } from 'zod'
import { MEMBERSHIP_NUMBER_MAX_LENGTH, USER_TYPES, type Role } from './constants'
import { endpoint, endpointTable, FILE_MAX_BYTES, fillPath, KB } from './endpoint'
import { isOneLine, oneLineMessage } from './one-line'

export const PASSWORD_FIELDS = ['sPassword', 'sConfirmPassword', 'sOldPassword', 'sNewPassword'] as const
export type PasswordField = (typeof PASSWORD_FIELDS)[number]

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
export const OTP_LENGTH = 6
export const OTP_VALID_MINUTES = 10
export const OTP_MAX_WRONG_TRIES = 5
/** Upper bound of a profile picture upload (bytes), as the API's image pipeline enforces it. */
export const PROFILE_PICTURE_MAX_BYTES = FILE_MAX_BYTES.picture
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

export const OTP_PURPOSES = ['registration', 'reset', 'change', 'close'] as const
export type OtpPurpose = (typeof OTP_PURPOSES)[number]

/** "Email is required": a missing field's message; the form then also says it is incomplete (docs/spec.md §5). */
export const requiredMessage = (what: string) => `${what} is required`
export const isRequiredMessage = (message: string | null | undefined) => Boolean(message?.endsWith(' is required'))
const required = (what: string) => ({
	error: (issue: { input: unknown }) => (issue.input === undefined || issue.input === '' ? requiredMessage(what) : `${what} is not valid`),
})
const text = (what: string, max = 120) => z.string(required(what)).trim().min(1, requiredMessage(what)).max(max, `${what} must be at most ${max} characters`)
/** A person's name, which mails and documents carry: one line. */
const personName = (what: string) => text(what).refine(isOneLine, oneLineMessage(what))

export const emailSchema = z
	.email({ error: (issue) => (issue.input === undefined || issue.input === '' ? requiredMessage('Email') : 'Invalid email format') })
	.max(254, 'Email must be at most 254 characters')
	// Spec §5: addresses are lowercased before they are sent.
	.transform((value) => value.toLowerCase())

/** OWASP ASVS 5: 8 to 128 characters, any characters, no composition rules (common ones refused by the API). */
export const passwordSchema = (what = 'Password') =>
	z
		.string(required(what))
		.min(PASSWORD_MIN_LENGTH, `${what} must be at least ${PASSWORD_MIN_LENGTH} characters`)
		.max(PASSWORD_MAX_LENGTH, `${what} must be at most ${PASSWORD_MAX_LENGTH} characters`)

export const otpSchema = z
	.number({ error: (issue) => (issue.input === undefined || issue.input === '' ? requiredMessage('OTP') : 'The OTP is the 6-digit number from the e-mail') })
	.int('The OTP is the 6-digit number from the e-mail')
	.min(10 ** (OTP_LENGTH - 1), 'The OTP is the 6-digit number from the e-mail')
	.max(10 ** OTP_LENGTH - 1, 'The OTP is the 6-digit number from the e-mail')

export const membershipNumberSchema = z
	.string(required('Membership number'))
	.trim()
	.regex(new RegExp(`^\\d{${MEMBERSHIP_NUMBER_MAX_LENGTH}}$`), `Membership number is ${MEMBERSHIP_NUMBER_MAX_LENGTH} digits`)

/** A student registration number: letters and digits, as printed on the institute's card. */
export const registrationNumberSchema = z
	.string(required('Registration number'))
	.trim()
	.toUpperCase()
	.regex(/^[A-Z0-9]{5,20}$/, 'Registration number is 5 to 20 letters and digits')

export const mobileNumberSchema = z
	.string(required('Mobile number'))
	.trim()
	.regex(/^(\+91[ -]?)?[6-9]\d{9}$/, 'Mobile number is 10 digits (optionally after +91)')

/** `YYYY-MM-DD`, a real date in the past (what `<input type="date">` sends). */
export const dobSchema = z
	.string(required('Date of birth'))
	.regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of birth is a date (YYYY-MM-DD)')
	.refine((value) => {
		const date = new Date(`${value}T00:00:00Z`)
		return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && value >= '1900-01-01' && date.getTime() < Date.now()
	}, 'Date of birth must be a real date in the past')

/** GSTIN: 2-digit state code, PAN (5 letters, 4 digits, 1 letter), entity number, Z, check character. */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/

const GSTIN_CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** A GSTIN's last character is a check character over the first fourteen (base 36, weights 1 and 2). */
export function hasValidGstinCheck(gstin: string) {
	if (!GSTIN_PATTERN.test(gstin)) return false
	let sum = 0
	for (let index = 0; index < 14; index++) {
		const product = GSTIN_CHARACTERS.indexOf(gstin[index]!) * (index % 2 === 0 ? 1 : 2)
		sum += Math.floor(product / 36) + (product % 36)
	}
	return gstin[14] === GSTIN_CHARACTERS[(36 - (sum % 36)) % 36]
}

/** A state or union territory by its code; the API answers its name too. */
export const stateSchema = z.object({
	sCode: z
		.string(required('State'))
		.trim()
		.regex(/^[A-Z]{2}$/, 'Choose a state'),
	sName: z.string().optional(),
})
export const citySchema = z.object({ sName: text('City', 100) })
export const stateRefSchema = z.object({ sCode: z.string(), sName: z.string() })
export type StateRef = z.infer<typeof stateRefSchema>
export const cityRefSchema = z.object({ sName: z.string() })
export type CityRef = z.infer<typeof cityRefSchema>

const userTypeSchema = z.enum([USER_TYPES.member, USER_TYPES.student])

const confirmed = <T extends Record<string, unknown>>(first: keyof T & string, second: keyof T & string, message: string) => ({
	check: (value: T) => value[first] === value[second],
	params: { path: [second], message },
})

const placeFields = { oState: stateSchema, oCity: citySchema }

const memberProfileFields = {
	sFullName: personName('Full name'),
	sFirmCompanyName: text('Firm or company name', 160),
	bIsGSTNumberAvailable: z.boolean().default(false),
	sGSTNumber: z.string().trim().toUpperCase().optional(),
	sConfirmGSTNumber: z.string().trim().toUpperCase().optional(),
	bIsGetUpdateOnEmail: z.boolean().default(false),
	bIsGetUpdateOnWhatsapp: z.boolean().default(false),
	sMobileNumber: mobileNumberSchema,
	/** The stored path of a picture uploaded through the pre-signed flow. */
	sProfilePic: z.string().trim().max(200).optional(),
	...placeFields,
}

type GstFields = { bIsGSTNumberAvailable: boolean; sGSTNumber?: string; sConfirmGSTNumber?: string }
function checkGst(value: GstFields, ctx: z.RefinementCtx) {
	if (!value.bIsGSTNumberAvailable) return
	if (!value.sGSTNumber) ctx.addIssue({ code: 'custom', path: ['sGSTNumber'], message: requiredMessage('GST number') })
	else if (!GSTIN_PATTERN.test(value.sGSTNumber))
		ctx.addIssue({ code: 'custom', path: ['sGSTNumber'], message: 'GST number is 15 characters, e.g. 27AAPFU0939F1ZV' })
	if (value.sGSTNumber && value.sConfirmGSTNumber !== value.sGSTNumber) {
		ctx.addIssue({ code: 'custom', path: ['sConfirmGSTNumber'], message: 'The GST numbers do not match' })
	}
}

const passwordPair = { sPassword: passwordSchema(), sConfirmPassword: z.string(required('Confirm password')).min(1, requiredMessage('Confirm password')) }
const samePasswords = confirmed<{ sPassword: string; sConfirmPassword: string }>('sPassword', 'sConfirmPassword', 'The passwords do not match')

/** Member registration (docs/spec.md §3) without the OTP: what send-otp validates before it sends anything. */
export const memberRegistrationFormSchema = z
	.object({
		...memberProfileFields,
		sEmail: emailSchema,
		sMembershipNumber: membershipNumberSchema,
		sDob: dobSchema,
		...passwordPair,
	})
	.refine(samePasswords.check, samePasswords.params)
	.superRefine(checkGst)
export const memberRegistrationSchema = memberRegistrationFormSchema.and(z.object({ nOtp: otpSchema }))

const studentProfileFields = {
	sFullName: personName('Full name'),
	sCourse: z.enum(['Foundation', 'Intermediate', 'Final'], { error: 'Choose your course' }),
	sMobileNumber: mobileNumberSchema,
	...placeFields,
}
export const STUDENT_COURSES = studentProfileFields.sCourse.options

export const studentRegistrationFormSchema = z
	.object({ ...studentProfileFields, sEmail: emailSchema, sRegistrationNumber: registrationNumberSchema, sDob: dobSchema, ...passwordPair })
	.refine(samePasswords.check, samePasswords.params)
export const studentRegistrationSchema = studentRegistrationFormSchema.and(z.object({ nOtp: otpSchema }))

export const registrationFormSchemas = { member: memberRegistrationFormSchema, student: studentRegistrationFormSchema } as const
export const registrationSchemas = { member: memberRegistrationSchema, student: studentRegistrationSchema } as const

export const memberLoginSchema = z.object({
	sMembershipNumber: membershipNumberSchema,
	sDob: dobSchema,
	sPassword: z.string(required('Password')).min(1, requiredMessage('Password')).max(PASSWORD_MAX_LENGTH),
})
export const studentLoginSchema = z.object({ sRegistrationNumber: registrationNumberSchema, sDob: dobSchema, sPassword: memberLoginSchema.shape.sPassword })
export const loginSchemas = { member: memberLoginSchema, student: studentLoginSchema } as const

const newPasswordPair = { sNewPassword: passwordSchema('New password'), sConfirmPassword: passwordPair.sConfirmPassword }
const sameNewPasswords = confirmed<{ sNewPassword: string; sConfirmPassword: string }>('sNewPassword', 'sConfirmPassword', 'The passwords do not match')

export const resetRequestSchema = z.object({ sEmail: emailSchema })
/** The forgot-password form's first step: the address and the new password, kept while the code is on its way. */
export const resetPasswordFormSchema = z.object({ sEmail: emailSchema, ...newPasswordPair }).refine(sameNewPasswords.check, sameNewPasswords.params)
export const resetPasswordSchema = z
	.object({ sEmail: emailSchema, nOtp: otpSchema, ...newPasswordPair })
	.refine(sameNewPasswords.check, sameNewPasswords.params)
export type ResetPasswordForm = z.output<typeof resetPasswordFormSchema>

export const changePasswordFormSchema = z
	.object({
		sEmail: emailSchema,
		sOldPassword: z.string(required('Current password')).min(1, requiredMessage('Current password')).max(PASSWORD_MAX_LENGTH),
		...newPasswordPair,
	})
	.refine(sameNewPasswords.check, sameNewPasswords.params)
export const changePasswordSchema = changePasswordFormSchema.and(z.object({ nOtp: otpSchema }))
export type ChangePasswordForm = z.output<typeof changePasswordFormSchema>

/** Closing one's account (app/contract/own-data.ts): the account's address and a tick, then the code. */
const understood = 'Tick the box to say you understand that closing cannot be undone'
export const closeAccountFormSchema = z.object({
	sEmail: emailSchema,
	bUnderstood: z.boolean({ error: understood }).refine((value) => value, understood),
})
export const closeAccountSchema = closeAccountFormSchema.extend({ nOtp: otpSchema })
export type CloseAccountForm = z.output<typeof closeAccountFormSchema>

/** The second step of every form that needs an OTP: the code alone, the rest kept from the first. */
export const otpStepSchema = z.object({ nOtp: otpSchema })

/** send-otp takes the whole form of its purpose (docs/spec.md §7), so a bad form gets its errors before any mail. */
export const sendOtpFormSchemas: Record<OtpPurpose, Record<Role, z.ZodType>> = {
	registration: registrationFormSchemas,
	reset: { member: resetRequestSchema, student: resetRequestSchema },
	change: { member: changePasswordFormSchema, student: changePasswordFormSchema },
	close: { member: closeAccountFormSchema, student: closeAccountFormSchema },
}
/** `sPurpose` is this API's optional extension: without it the purpose is read from the form itself. */
export const sendOtpEnvelopeSchema = z.object({ sUserType: userTypeSchema, sPurpose: z.enum(OTP_PURPOSES, { error: 'Unknown purpose' }).optional() })

/**
 * Spec §7 sends "the whole form payload including sUserType": a password change carries the
 * current password, a sign-up its details and password, a forgotten password only the address,
 * closing an account the tick that says the person understands.
 */
export function otpPurposeOf(form: Record<string, unknown>): OtpPurpose {
	if ('bUnderstood' in form) return 'close'
	if ('sOldPassword' in form) return 'change'
	if ('sPassword' in form || 'sFullName' in form) return 'registration'
	return 'reset'
}

export const logoutSchema = z.object({ sEmail: emailSchema, sUserType: userTypeSchema })

export const memberProfileUpdateSchema = z.object(memberProfileFields).superRefine(checkGst)
export const studentProfileUpdateSchema = z.object(studentProfileFields)
export const profileUpdateSchemas = { member: memberProfileUpdateSchema, student: studentProfileUpdateSchema } as const
export type MemberProfileUpdate = z.input<typeof memberProfileUpdateSchema>
export type StudentProfileUpdate = z.input<typeof studentProfileUpdateSchema>

export const preSignedUrlSchema = z.object({
	sFileName: z.string(required('File name')).trim().min(1, requiredMessage('File name')).max(200),
	sContentType: z.enum(PROFILE_PICTURE_TYPES, { error: 'The picture must be a JPEG, PNG or WebP image' }),
})
export const preSignedUploadSchema = z.object({ sUrl: z.string(), sPath: z.string() })
export type PreSignedUpload = z.infer<typeof preSignedUploadSchema>

/** The profile `GET …-details/v1` answers in `data` (docs/spec.md §3: it includes sEmail). */
const profileCommon = { sFullName: z.string(), sEmail: z.string(), sMobileNumber: z.string(), sDob: z.string(), oState: stateRefSchema, oCity: cityRefSchema }
export const memberProfileSchema = z.object({
	sUserType: z.literal('M'),
	...profileCommon,
	sMembershipNumber: z.string(),
	sFirmCompanyName: z.string(),
	bIsGSTNumberAvailable: z.boolean(),
	sGSTNumber: z.string(),
	bIsGetUpdateOnEmail: z.boolean(),
	bIsGetUpdateOnWhatsapp: z.boolean(),
	sProfilePic: z.string(),
})
export type MemberProfile = z.infer<typeof memberProfileSchema>
export const studentProfileSchema = z.object({ sUserType: z.literal('S'), ...profileCommon, sRegistrationNumber: z.string(), sCourse: z.string() })
export type StudentProfile = z.infer<typeof studentProfileSchema>
export const profileSchema = z.discriminatedUnion('sUserType', [memberProfileSchema, studentProfileSchema])
export type Profile = MemberProfile | StudentProfile

/**
 * How long a browser's device token is honoured after the sign-in that gave it (decision 0063); each
 * sign-in with it replaces it, so a browser in use keeps one.
 */
export const DEVICE_TOKEN_VALID_DAYS = 90

/**
 * The login answer: the token (sent back as Authorization) and the basic profile. `sDeviceToken` is
 * this API's extension: kept by the browser (the portal keeps it in an HttpOnly cookie) and sent back
 * as `sDeviceToken` with its next sign-in, it lets that browser past the account's lock-out (OWASP,
 * a stranger's tries), under a limit of its own. Each sign-in answers a new one; the one sent is spent.
 */
export const loginAnswerSchema = z.object({
	sToken: z.string(),
	dExpiresAt: z.string(),
	oProfile: z.object({ sFullName: z.string(), sEmail: z.string(), sUserType: z.enum(['M', 'S']) }),
	sDeviceToken: z.string().optional(),
})
export type LoginAnswer = z.infer<typeof loginAnswerSchema>

export const ACCOUNT_MESSAGES = {
	otpSent: 'We have sent a one-time password to that e-mail address. It is valid for 10 minutes.',
	wrongOtp: 'The OTP is wrong or has expired. Please request a new one.',
	loginFailed: 'These details do not match an account. Check them and try again.',
	registered: 'Your account is ready. Please sign in.',
	passwordReset: 'Your password has been reset. Please sign in with the new one.',
	passwordChanged: 'Your password has been changed.',
	profileUpdated: 'Your profile has been updated.',
	loggedOut: 'You have been logged out.',
	incomplete: 'Please fill in every field.',
	commonPassword: 'This password is too common. Please choose another.',
} as const

/** The device token a browser sends back with a later sign-in (see loginAnswerSchema). */
const withDeviceToken = z.object({ sDeviceToken: z.string().optional() })

/**
 * The account calls. The calls before sign-in take the role from the path; their handlers read the
 * body themselves, because their rate limits come before decrypting any password.
 */
export const accountEndpoints = endpointTable('accounts', {
	publicKey: endpoint({ method: 'GET', path: '/auth/public-key/v1', access: 'public', data: z.object({ sPublicKey: z.string() }), publicMaxAge: 3600 }),
	states: endpoint({ method: 'GET', path: '/reference/states/v1', access: 'public', data: z.array(stateRefSchema), publicMaxAge: 86400 }),
	cities: endpoint({
		method: 'GET',
		path: '/reference/states/:sStateCode/cities/v1',
		access: 'public',
		params: z.object({ sStateCode: z.string() }),
		notFound: 'No such state.',
		data: z.array(cityRefSchema),
		publicMaxAge: 86400,
	}),
	/** The whole form of its purpose with sUserType (docs/spec.md §7); `sPurpose` is optional. */
	sendOtp: endpoint({
		method: 'POST',
		path: '/auth/:role/send-otp/v1',
		access: 'public',
		body: sendOtpEnvelopeSchema.loose(),
		handlerReadsBody: true,
		data: z.undefined(),
	}),
	register: endpoint({
		method: 'POST',
		path: '/auth/:role/register/v1',
		access: 'public',
		body: z.union([memberRegistrationSchema, studentRegistrationSchema]),
		handlerReadsBody: true,
		data: profileSchema,
	}),
	login: endpoint({
		method: 'POST',
		path: '/auth/:role/login/v1',
		access: 'public',
		body: z.union([memberLoginSchema.extend(withDeviceToken.shape), studentLoginSchema.extend(withDeviceToken.shape)]),
		handlerReadsBody: true,
		noStore: true,
		data: loginAnswerSchema,
	}),
	resetPassword: endpoint({
		method: 'POST',
		path: '/auth/:role/reset-password/v1',
		access: 'public',
		body: resetPasswordSchema,
		handlerReadsBody: true,
		data: z.undefined(),
	}),
	logout: endpoint({ method: 'POST', path: '/auth/:role/logout/v1', access: 'account', body: logoutSchema, encryptedPasswords: [], data: z.undefined() }),
	memberDetails: endpoint({ method: 'GET', path: '/member/member-details/v1', access: 'member', data: memberProfileSchema }),
	studentDetails: endpoint({ method: 'GET', path: '/student/student-details/v1', access: 'student', data: studentProfileSchema }),
	updateMemberProfile: endpoint({
		method: 'PUT',
		path: '/member/update-member-profile/v1',
		access: 'member',
		body: memberProfileUpdateSchema,
		encryptedPasswords: [],
		data: memberProfileSchema,
	}),
	updateStudentProfile: endpoint({
		method: 'PUT',
		path: '/student/update-student-profile/v1',
		access: 'student',
		body: studentProfileUpdateSchema,
		encryptedPasswords: [],
		data: studentProfileSchema,
	}),
	/** Its rate limit comes before decrypting the passwords, so the handler reads the body. */
	changePassword: endpoint({
		method: 'POST',
		path: '/:role/change-password/v1',
		access: 'account',
		body: changePasswordSchema,
		handlerReadsBody: true,
		data: z.undefined(),
	}),
	/** An address to PUT a picture to; it works before sign-in too (registration needs it). Rate-limited before the body is read. */
	preSignedUrl: endpoint({
		method: 'POST',
		path: '/member/pre-signed-url/v1',
		access: 'public',
		body: preSignedUrlSchema,
		handlerReadsBody: true,
		data: preSignedUploadSchema,
	}),
	/** Where `sUrl` points (with its `expires` and `signature`): the picture as multipart/form-data (field `file`), used once. */
	uploadPicture: endpoint({
		method: 'PUT',
		path: '/member/profile-picture/:sUploadId/v1',
		access: 'public',
		params: z.object({ sUploadId: z.string() }),
		body: z.instanceof(FormData),
		upload: 'picture',
		maxBodyBytes: PROFILE_PICTURE_MAX_BYTES + 64 * KB,
		formPages: ['/register', '/member/profile', '/student/update-profile'],
		data: z.object({ sPath: z.string() }),
	}),
})

/** Each role's own profile calls (their paths differ by more than the prefix). */
export const PROFILE_CALLS = {
	member: { details: 'memberDetails', update: 'updateMemberProfile' },
	student: { details: 'studentDetails', update: 'updateStudentProfile' },
} as const satisfies Record<Role, { details: keyof typeof accountEndpoints; update: keyof typeof accountEndpoints }>

export const ACCOUNT_PATHS = {
	publicKey: accountEndpoints.publicKey.path,
	states: accountEndpoints.states.path,
	cities: (sStateCode: string) => fillPath(accountEndpoints.cities.path, { sStateCode }),
	sendOtp: (role: Role) => fillPath(accountEndpoints.sendOtp.path, { role }),
	register: (role: Role) => fillPath(accountEndpoints.register.path, { role }),
	login: (role: Role) => fillPath(accountEndpoints.login.path, { role }),
	resetPassword: (role: Role) => fillPath(accountEndpoints.resetPassword.path, { role }),
	logout: (role: Role) => fillPath(accountEndpoints.logout.path, { role }),
	details: (role: Role) => accountEndpoints[PROFILE_CALLS[role].details].path,
	updateProfile: (role: Role) => accountEndpoints[PROFILE_CALLS[role].update].path,
	changePassword: (role: Role) => fillPath(accountEndpoints.changePassword.path, { role }),
	preSignedUrl: accountEndpoints.preSignedUrl.path,
	/** The upload address `sUrl` answers point here (relative to the API base, like every path). */
	upload: (sUploadId: string) => fillPath(accountEndpoints.uploadPicture.path, { sUploadId }),
} as const
