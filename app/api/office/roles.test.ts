// Who may call each office entry, tested from the contract table itself: every entry under
// /office (and the office's sign-out) is called as a visitor, a member, a student, a disabled
// staff user and each office role. A role the entry admits gets past the door (whatever the
// empty call then answers); every other caller is refused. An office entry added without roles
// fails here, as does one whose roles the API does not enforce. On a live start, a role that must
// use two-factor sign-in gets nothing but its setup until it is on.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fillPath, type Endpoint } from '~/contract/endpoint'
import { isOfficeAccess, STAFF_ROLES, TWO_FACTOR_ROLES, type StaffRole } from '~/contract/office/staff-roles'
import { TWO_FACTOR_MESSAGES } from '~/contract/office/two-factor'
import { apiTable } from '~/contract/table'
import { createAccountsApi, createTestAccount, createTestStaff } from '#tests/setup/accounts'
import { issueStaffToken } from '../auth/staff'
import { setStaffDisabled } from './staff/service'

type Harness = Awaited<ReturnType<typeof createAccountsApi>>
let harness: Harness
let live: Harness
const tokens = {} as Record<'member' | 'student' | 'disabled staff', string>
const staffIds = {} as Record<StaffRole, number>
beforeAll(async () => {
	;[harness, live] = await Promise.all([createAccountsApi(), createAccountsApi({ requireTwoFactor: true })])
	for (const role of STAFF_ROLES) staffIds[role] = (await createTestStaff(harness.db, `the.${role}`, role)).staff.id
	const gone = await createTestStaff(harness.db, 'gone.admin', 'admin')
	await setStaffDisabled(harness.db, gone.staff.username, true)
	tokens['disabled staff'] = gone.token
	tokens.member = (await createTestAccount(harness.db, 'member')).token
	tokens.student = (await createTestAccount(harness.db, 'student')).token
})
afterAll(() => Promise.all([harness.close(), live.close()]))

const entries = Object.values(apiTable).flatMap((area) => Object.values(area) as Endpoint[])
const isOfficePath = (path: string) => path.startsWith('/office/') || path.startsWith('/auth/office/')
const officeEntries = entries.filter((entry) => isOfficeAccess(entry.access))
// A file entry shares its path and method with a JSON one, which the API registers; calling either calls the same handler.
const PARAMS = {
	iEventId: 999_999,
	iPaymentId: 999_999,
	iRecordId: 999_999,
	iCommitteeId: 999_999,
	iPersonId: 999_999,
	iAccountId: 999_999,
	iSubscriberId: 999_999,
	iStaffId: 999_999,
	iAnnouncementId: 999_999,
	iPhotoId: 999_999,
	nIndex: 0,
	sSlug: 'about-us',
}

async function callAs(entry: Endpoint, token?: string, on = harness) {
	const init: RequestInit = { method: entry.method, headers: token ? { authorization: token } : {} }
	if (entry.method === 'POST' || entry.method === 'PUT') {
		init.body = '{}'
		;(init.headers as Record<string, string>)['content-type'] = 'application/json'
	}
	const response = await on.api.fetch(new Request(`http://in-process/api${fillPath(entry.path, PARAMS)}`, init), { clientAddress: '203.0.113.9' })
	await response.arrayBuffer()
	return response.status
}

test('every entry under /office names the roles it admits, an administrator among them, and no other entry does', () => {
	const sign = (entry: Endpoint) => `${entry.name} ${entry.path}`
	// Signing in (the password step and the code step) is for visitors.
	const office = entries.filter((entry) => isOfficePath(entry.path) && !['officeAuth.login', 'officeAuth.loginCode'].includes(entry.name))
	expect(office.filter((entry) => !isOfficeAccess(entry.access)).map(sign)).toEqual([])
	expect(officeEntries.filter((entry) => !isOfficePath(entry.path)).map(sign)).toEqual([])
	expect(officeEntries.filter((entry) => isOfficeAccess(entry.access) && !entry.access.office.includes('admin')).map(sign)).toEqual([])
	// A table of about eighty entries: far fewer means the walk above found the wrong thing.
	expect(officeEntries.length).toBeGreaterThan(70)
})

describe.each(officeEntries.map((entry) => [entry.name, entry] as const))('%s', (_, entry) => {
	const access = isOfficeAccess(entry.access) ? entry.access : { office: [] }
	test('refuses a visitor, a member, a student and a disabled staff user with 401', async () => {
		for (const caller of [undefined, tokens.member, tokens.student, tokens['disabled staff']]) expect(await callAs(entry, caller)).toBe(401)
	})
	test.each(STAFF_ROLES)('as %s', async (role) => {
		// A token of its own: the sign-out entry ends the one it is called with.
		const status = await callAs(entry, (await issueStaffToken(harness.db, staffIds[role])).token)
		if (access.office.includes(role)) {
			expect(status).not.toBe(401)
			expect(status).not.toBe(403)
			expect(status).toBeLessThan(500)
		} else expect(status).toBe(403)
	})
})

test('a refusal says why, in words', async () => {
	const { token } = await issueStaffToken(harness.db, staffIds.editor)
	const answer = await harness.call(fillPath(apiTable.officePayments.confirm.path, { iPaymentId: 1 }), {}, { token })
	expect(answer).toMatchObject({ status: 403, body: { message: 'Your office role (editor) may not do this. Ask an administrator if you need it.' } })
})

test('on a live start, an administrator or an accounts clerk without two-factor sign-in gets nothing but its setup and signing out', async () => {
	expect([...TWO_FACTOR_ROLES].sort()).toEqual(['accounts', 'admin'])
	for (const role of TWO_FACTOR_ROLES) {
		const { staff } = await createTestStaff(live.db, `live.${role}`, role)
		for (const entry of officeEntries.filter((each) => isOfficeAccess(each.access) && each.access.office.includes(role))) {
			const status = await callAs(entry, (await issueStaffToken(live.db, staff.id)).token, live)
			if (entry.beforeTwoFactor) expect(status, `${role} ${entry.name}`).not.toBe(403)
			else expect(status, `${role} ${entry.name}`).toBe(403)
		}
	}
	const { staff } = await createTestStaff(live.db, 'live.accounts.two', 'accounts')
	const answer = await live.call(apiTable.officeDashboard.summary.path, undefined, { token: (await issueStaffToken(live.db, staff.id)).token })
	expect(answer).toMatchObject({ status: 403, body: { message: TWO_FACTOR_MESSAGES.required } })
	// The editor and the desk are asked nothing.
	const editor = await createTestStaff(live.db, 'live.editor', 'editor')
	expect(await callAs(apiTable.officeDashboard.summary, editor.token, live)).toBe(200)
})
