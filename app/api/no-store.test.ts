// Answers that carry a sign-in token or ticket are never stored (decision 0061), tested from the
// contract table: every entry whose answer holds a token is marked `noStore`, and every marked
// entry answers `Cache-Control: no-store`, refusals included; then the sign-ins themselves.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { z } from 'zod'
import { fillPath, FILE_ANSWER, type Endpoint } from '~/contract/endpoint'
import { OFFICE_PATHS } from '~/contract/office/auth'
import { apiTable } from '~/contract/table'
import { createAccountsApi, TEST_PASSWORD_COST } from '#tests/setup/accounts'
import { hashPassword } from './crypto/passwords'
import { accounts } from './db/schema'
import { saveStaffUser } from './office/staff/service'
import { USER_TYPES } from '~/contract/constants'

let t: Awaited<ReturnType<typeof createAccountsApi>>
beforeAll(async () => {
	t = await createAccountsApi()
})
afterAll(() => t.close())

const entries = Object.values(apiTable).flatMap((area) => Object.values(area) as Endpoint[])

/** The keys of every object an answer's schema may hold, however deep. */
function answerKeys(schema: z.ZodType): string[] {
	if (schema instanceof z.ZodObject) return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, value]) => [key, ...answerKeys(value)])
	if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion) return (schema.options as z.ZodType[]).flatMap(answerKeys)
	if (schema instanceof z.ZodArray) return answerKeys(schema.element as z.ZodType)
	if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return answerKeys(schema.unwrap() as z.ZodType)
	return []
}
const carriesToken = (entry: Endpoint) => entry.data !== FILE_ANSWER && answerKeys(entry.data).some((key) => /Token$/.test(key))

test('every entry whose answer carries a token or a ticket is marked noStore, and answers so even when it refuses', async () => {
	const holding = entries.filter(carriesToken)
	expect(holding.map((entry) => entry.name).sort()).toEqual(['accounts.login', 'officeAuth.login', 'officeAuth.loginCode'])
	expect(holding.filter((entry) => !entry.noStore).map((entry) => entry.name)).toEqual([])
	for (const entry of entries.filter((each) => each.noStore)) {
		const response = await t.api.fetch(
			new Request(`http://in-process/api${fillPath(entry.path, { role: 'member' })}`, {
				method: entry.method,
				headers: { 'content-type': 'application/json' },
				body: '{}',
			}),
			{ clientAddress: '198.51.100.200' },
		)
		expect(response.status, entry.name).toBe(400)
		expect(response.headers.get('cache-control'), entry.name).toBe('no-store')
	}
})

test('a member signing in and a staff user signing in get their tokens with Cache-Control: no-store', async () => {
	const password = 'member password 2026'
	await t.db.insert(accounts).values({
		userType: USER_TYPES.member,
		number: '812345',
		email: 'no-store@test.example',
		fullName: 'No Store',
		mobileNumber: '9000000000',
		dob: '1990-01-01',
		stateCode: 'MH',
		city: 'Pune',
		passwordHash: await hashPassword(password, TEST_PASSWORD_COST),
	})
	const member = await t.call(fillPath(apiTable.accounts.login.path, { role: 'member' }), {
		sMembershipNumber: '812345',
		sDob: '1990-01-01',
		sPassword: password,
	})
	expect(member.status).toBe(200)
	expect(member.body.data.sToken).toEqual(expect.any(String))
	expect(member.headers.get('cache-control')).toBe('no-store')

	await saveStaffUser(t.db, { username: 'no.store', fullName: 'No Store', passwordHash: await hashPassword(password, TEST_PASSWORD_COST), role: 'editor' })
	const staff = await t.call(OFFICE_PATHS.login, { sUsername: 'no.store', sPassword: password })
	expect(staff.status).toBe(200)
	expect(staff.body.data.sToken).toEqual(expect.any(String))
	expect(staff.headers.get('cache-control')).toBe('no-store')
})
