// Administrators manage office users; editors may not; the last administrator stays; every change
// is in the audit log, which nothing can edit.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { fillPath } from '~/contract/endpoint'
import { OFFICE_PATHS } from '~/contract/office/auth'
import { officeStaffEndpoints } from '~/contract/office/staff'
import { createAccountsApi, createTestStaff } from '#tests/setup/accounts'
import { auditLog } from '../../db/schema'

let harness: Awaited<ReturnType<typeof createAccountsApi>>
let admin: Awaited<ReturnType<typeof createTestStaff>>
let editor: Awaited<ReturnType<typeof createTestStaff>>
beforeAll(async () => {
	harness = await createAccountsApi()
	admin = await createTestStaff(harness.db, 'chief.admin', 'admin')
	editor = await createTestStaff(harness.db, 'content.editor')
})
afterAll(() => harness.close())

const path = (entry: keyof typeof officeStaffEndpoints, iStaffId?: number) => fillPath(officeStaffEndpoints[entry].path, { iStaffId })

test('an administrator adds a user who can sign in with the password given; an editor may not', async () => {
	const body = { sUsername: 'new.clerk', sFullName: 'New Clerk', sRole: 'editor', sPassword: 'clerk first password' }
	expect((await harness.call(path('add'), body, { token: editor.token })).status).toBe(403)
	const added = await harness.call(path('add'), body, { token: admin.token })
	expect(added.status).toBe(201)
	expect(added.body.data).toMatchObject({ sUsername: 'new.clerk', sRole: 'editor', dDisabledAt: null })
	expect((await harness.call(OFFICE_PATHS.login, { sUsername: 'new.clerk', sPassword: 'clerk first password' })).status).toBe(200)
	const again = await harness.call(path('add'), body, { token: admin.token })
	expect(again).toMatchObject({ status: 409, body: { errors: { sUsername: ['This username is taken.'] } } })
	const weak = await harness.call(path('add'), { ...body, sUsername: 'weak.one', sPassword: 'short' }, { token: admin.token })
	expect(weak.body.errors?.sPassword).toEqual(['Password must be at least 8 characters'])
})

test('disable ends sign-ins; a new password ends them too; roles change, never losing the last administrator', async () => {
	const clerk = await createTestStaff(harness.db, 'desk.clerk')
	expect((await harness.call(path('disable', clerk.staff.id), undefined, { method: 'POST', token: admin.token })).status).toBe(200)
	expect((await harness.call(OFFICE_PATHS.logout, {}, { token: clerk.token })).status).toBe(401)
	await harness.call(path('enable', clerk.staff.id), undefined, { method: 'POST', token: admin.token })
	const fresh = await createTestStaff(harness.db, 'pw.clerk')
	await harness.call(path('setPassword', fresh.staff.id), { sPassword: 'a brand new password' }, { token: admin.token })
	expect((await harness.call(OFFICE_PATHS.logout, {}, { token: fresh.token })).status).toBe(401)
	// The only administrator cannot step down, nor be disabled.
	const self = await harness.call(path('setRole', admin.staff.id), { sRole: 'editor' }, { method: 'PUT', token: admin.token })
	expect(self).toMatchObject({ status: 409 })
	const promoted = await harness.call(path('setRole', clerk.staff.id), { sRole: 'admin' }, { method: 'PUT', token: admin.token })
	expect(promoted.body.data.sRole).toBe('admin')
})

test('every change is in the audit log, filtered by person and kind, and the log cannot be edited', async () => {
	const log = await harness.call(`${path('audit')}?oFilter[iStaffId]=${admin.staff.id}&oFilter[sEntity]=staff`, undefined, { token: admin.token })
	expect(log.status).toBe(200)
	const summaries = log.body.data.aEntries.map((entry: { sSummary: string }) => entry.sSummary)
	expect(summaries).toEqual(
		expect.arrayContaining([
			'Added new.clerk (New Clerk) as editor',
			'desk.clerk disabled',
			'desk.clerk enabled',
			'New password set for pw.clerk',
			'Role of desk.clerk set to admin',
		]),
	)
	expect(log.body.data.aEntries.every((entry: { sStaffUsername: string }) => entry.sStaffUsername === 'chief.admin')).toBe(true)
	expect((await harness.call(path('audit'), undefined, { token: editor.token })).status).toBe(403)
	await expect(harness.db.update(auditLog).set({ summary: 'rewritten' })).rejects.toThrow()
	await expect(harness.db.delete(auditLog)).rejects.toThrow()
})
