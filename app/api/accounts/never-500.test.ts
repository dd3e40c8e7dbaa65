// Random and hostile payloads to every account call: whatever arrives, the answer is a 2xx or a
// 4xx with a JSON message, never a 500.
import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ACCOUNT_PATHS } from '~/contract/accounts'
import type { Role } from '~/contract/constants'
import { createAccountsApi } from '#tests/setup/accounts'

let t: Awaited<ReturnType<typeof createAccountsApi>>
let token = ''
beforeAll(async () => {
	t = await createAccountsApi()
	const form = {
		sUserType: 'M',
		sPurpose: 'registration',
		sFullName: 'Fuzz Target',
		sFirmCompanyName: 'Fuzz',
		sEmail: 'fuzz@example.org',
		sMobileNumber: '9876543210',
		sMembershipNumber: '777777',
		sDob: '1980-01-01',
		oState: { sCode: 'MH' },
		oCity: { sName: 'Pune' },
		sPassword: 'fuzzing is fun 1',
		sConfirmPassword: 'fuzzing is fun 1',
	}
	await t.call('/auth/member/send-otp/v1', form)
	await t.call('/auth/member/register/v1', { ...form, nOtp: t.lastOtp('fuzz@example.org') })
	token = (await t.call('/auth/member/login/v1', { sMembershipNumber: '777777', sDob: '1980-01-01', sPassword: 'fuzzing is fun 1' })).body.data.sToken
})
afterAll(() => t.close())

const hostile = fc.oneof(
	fc.string(),
	fc.constantFrom(
		"' or 1=1 --",
		'<script>alert(1)</script>',
		'../../etc/passwd',
		'\u0000',
		'𝕏'.repeat(200),
		'a'.repeat(5000),
		'%00',
		'NaN',
		'-1',
		'1e309',
		'__proto__',
	),
	fc.integer(),
	fc.double(),
	fc.boolean(),
	fc.constant(null),
)
const fieldNames = fc.constantFrom(
	'sUserType',
	'sPurpose',
	'sEmail',
	'nOtp',
	'sPassword',
	'sConfirmPassword',
	'sOldPassword',
	'sNewPassword',
	'sMembershipNumber',
	'sRegistrationNumber',
	'sDob',
	'oState',
	'oCity',
	'sFullName',
	'sFileName',
	'sContentType',
	'sProfilePic',
	'bIsGSTNumberAvailable',
	'sGSTNumber',
	'sCourse',
	'__proto__',
	'constructor',
)
/** Objects with the calls' own field names (so validation gets past the first check) holding anything. */
const payload = fc.oneof(
	fc.dictionary(fieldNames, fc.oneof(hostile, fc.dictionary(fc.constantFrom('sCode', 'sName', '__proto__'), hostile), fc.array(hostile))),
	fc.jsonValue(),
	fc.anything(),
)
const rawBody = fc.oneof(fc.string(), fc.constantFrom('{', '[]', 'null', '{"a":', '\u0000\u0001', '{"__proto__":{"x":1}}'))

const roles: Role[] = ['member', 'student']
const calls: Array<[method: string, path: string]> = [
	['POST', ACCOUNT_PATHS.preSignedUrl],
	['PUT', ACCOUNT_PATHS.upload('x')],
	...roles.flatMap((role): Array<[string, string]> => [
		['POST', ACCOUNT_PATHS.sendOtp(role)],
		['POST', ACCOUNT_PATHS.register(role)],
		['POST', ACCOUNT_PATHS.login(role)],
		['POST', ACCOUNT_PATHS.resetPassword(role)],
		['POST', ACCOUNT_PATHS.logout(role)],
		['GET', ACCOUNT_PATHS.details(role)],
		['PUT', ACCOUNT_PATHS.updateProfile(role)],
		['POST', ACCOUNT_PATHS.changePassword(role)],
		['GET', ACCOUNT_PATHS.cities('MH')],
	]),
]

test.each(calls)(
	'%s %s never answers 500',
	async (method, path) => {
		await fc.assert(
			fc.asyncProperty(
				fc.oneof(
					payload.map((p) => JSON.stringify(p) ?? 'null'),
					rawBody,
				),
				fc.constantFrom(token, '', 'Bearer nonsense', 'x'.repeat(300)),
				fc.ipV4(),
				async (body, auth, address) => {
					const answer = await t.call(path, undefined, {
						method,
						raw: method === 'GET' ? undefined : body,
						token: auth,
						clientAddress: address,
						headers: { 'content-type': 'application/json' },
					})
					expect(answer.status, `${method} ${path} ${body.slice(0, 200)} -> ${JSON.stringify(answer.body)}`).toBeLessThan(500)
					expect(typeof answer.body.message).toBe('string')
				},
			),
			{ numRuns: 60 },
		)
	},
	120_000,
)

test('hostile path segments never answer 500', async () => {
	await fc.assert(
		fc.asyncProperty(fc.string({ minLength: 1, maxLength: 40 }), async (segment) => {
			const code = encodeURIComponent(segment)
			for (const path of [
				`/reference/states/${code}/cities/v1`,
				`/member/profile-picture/${code}/v1?expires=${code}&signature=${code}`,
				`/auth/${code}/login/v1`,
			]) {
				const answer = await t.call(path, undefined, {
					method: path.includes('profile-picture') ? 'PUT' : 'GET',
					raw: path.includes('profile-picture') ? 'x' : undefined,
				})
				expect(answer.status, path).toBeLessThan(500)
			}
		}),
		{ numRuns: 100 },
	)
})
