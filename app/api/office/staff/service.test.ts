// Making staff users (decision 0019): OFFICE_USERS applied at start, and the `npm run office`
// commands, all on a real database. How the configuration reads OFFICE_USERS is tested with it
// (app/.server/config.test.ts).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { OFFICE_PATHS } from '~/contract/office/auth'
import { STAFF_ROLES } from '~/contract/office/staff-roles'
import { createAccountsApi } from '#tests/setup/accounts'
import { hashPassword, verifyPassword } from '../../crypto/passwords'
import { staffTokens, staffUsers } from '../../db/schema'
import { runOfficeCommand, type OfficeIo } from '../cli'
import { createTestDatabase } from '#tests/setup/database'
import { staffSettingsFromText, staffSettingsSchema } from '../../shared/office-users'
import { applyStaffSettings } from './service'

/** The lowest cost OFFICE_USERS accepts, so the tests stay quick. */
const COST = { N: 2 ** 15, r: 8, p: 1 }

let t: Awaited<ReturnType<typeof createAccountsApi>>
let hashA: string
let hashB: string
beforeAll(async () => {
	t = await createAccountsApi()
	;[hashA, hashB] = await Promise.all([hashPassword('first office secret', COST), hashPassword('second office secret', COST)])
})
afterAll(() => t.close())

const signIn = (sUsername: string, sPassword: string) =>
	t.call(OFFICE_PATHS.login, { sUsername, sPassword }, { clientAddress: `198.51.100.${Math.floor(Math.random() * 250)}` })
const userNamed = async (username: string) => (await t.db.select().from(staffUsers).where(eq(staffUsers.username, username)))[0]

describe('OFFICE_USERS', () => {
	test('applied at start: creates, then updates only what changed, and leaves unlisted users alone', async () => {
		await applyStaffSettings(t.db, [{ username: 'cli.made', fullName: 'Made By CLI', passwordHash: hashA }])
		expect(await applyStaffSettings(t.db, [{ username: 'meera', fullName: 'Meera Rao', passwordHash: hashA }])).toEqual({
			created: 1,
			updated: 0,
			unchanged: 0,
		})
		expect((await signIn('meera', 'first office secret')).status).toBe(200)
		// A restart with the same setting keeps every sign-in.
		expect(await applyStaffSettings(t.db, [{ username: 'meera', fullName: 'Meera Rao', passwordHash: hashA }])).toEqual({
			created: 0,
			updated: 0,
			unchanged: 1,
		})
		const meera = (await userNamed('meera'))!
		const live = async () => (await t.db.select().from(staffTokens).where(eq(staffTokens.staffId, meera.id))).filter((row) => !row.revokedAt).length
		expect(await live()).toBe(1)
		// A new password ends the old sign-ins; the old password no longer works.
		expect(await applyStaffSettings(t.db, [{ username: 'meera', fullName: 'Meera Rao', passwordHash: hashB }])).toEqual({
			created: 0,
			updated: 1,
			unchanged: 0,
		})
		expect(await live()).toBe(0)
		expect((await signIn('meera', 'first office secret')).status).toBe(400)
		expect((await signIn('meera', 'second office secret')).status).toBe(200)
		// Disabled in the configuration: refused, sign-ins ended.
		await applyStaffSettings(t.db, [{ username: 'meera', fullName: 'Meera Rao', passwordHash: hashB, disabled: true }])
		expect(await live()).toBe(0)
		expect((await signIn('meera', 'second office secret')).status).toBe(400)
		expect((await userNamed('cli.made'))?.disabledAt).toBeNull()
	})

	test('takes each of the four roles, and refuses any other', async () => {
		for (const role of STAFF_ROLES) {
			await applyStaffSettings(t.db, [{ username: `as.${role}`, fullName: `As ${role}`, passwordHash: hashA, role }])
			expect((await userNamed(`as.${role}`))?.role).toBe(role)
		}
		const owner = staffSettingsSchema.safeParse([{ username: 'owner', fullName: 'Owner', passwordHash: hashA, role: 'owner' }])
		expect(owner.error?.issues[0]?.message).toBe('Role must be admin, editor, accounts or desk')
	})
})

/** A terminal for the commands: passwords typed in turn, printed lines kept. */
function terminal(...typed: string[]) {
	const printed: string[] = []
	const io: OfficeIo = {
		readPassword: async () => typed.shift() ?? '',
		print: (line) => printed.push(line),
		database: async () => t.db,
		passwordCost: COST,
	}
	return { io, printed }
}

describe('npm run office', () => {
	test('hash prints a hash of the password that OFFICE_USERS accepts, and touches no database', async () => {
		const { io, printed } = terminal('a hashed office secret', 'a hashed office secret')
		io.database = () => Promise.reject(new Error('no database for hash'))
		expect(await runOfficeCommand(['hash'], io)).toBe(0)
		expect(printed).toHaveLength(1)
		expect(await verifyPassword('a hashed office secret', printed[0]!)).toBe(true)
		// OFFICE_USERS is read with this schema (app/.server/config.ts).
		expect(staffSettingsFromText.parse(JSON.stringify([{ username: 'hashed', fullName: 'Hashed', passwordHash: printed[0] }]))).toHaveLength(1)
	})

	test('add creates a user who can sign in; add again sets a new password', async () => {
		const first = terminal('anita first secret', 'anita first secret')
		expect(await runOfficeCommand(['add', 'anita', 'Anita Gokhale'], first.io)).toBe(0)
		expect(first.printed).toEqual(['Created office user anita (Anita Gokhale).'])
		expect((await signIn('anita', 'anita first secret')).status).toBe(200)
		const second = terminal('anita second secret', 'anita second secret')
		expect(await runOfficeCommand(['add', 'anita', 'Anita Gokhale'], second.io)).toBe(0)
		expect(second.printed).toEqual(['Updated office user anita (Anita Gokhale).'])
		expect((await signIn('anita', 'anita first secret')).status).toBe(400)
		expect((await signIn('anita', 'anita second secret')).status).toBe(200)
	})

	test.each([
		['passwords that differ', ['add', 'kiran', 'Kiran Shah'], ['kiran secret one', 'kiran secret two'], 'The passwords do not match.'],
		['a short password', ['add', 'kiran', 'Kiran Shah'], ['short', 'short'], 'Password must be at least 8 characters'],
		['a common password', ['add', 'kiran', 'Kiran Shah'], ['password123', 'password123'], 'This password is too common. Choose another.'],
		['no full name', ['add', 'kiran'], [], 'Full name is required'],
		['a bad username', ['add', 'K', 'Kiran Shah'], [], 'Username is 3 to 32 lower-case letters, digits, dots, dashes or underscores, starting with a letter'],
	])('add refuses %s and creates nobody', async (_, args, typed, message) => {
		const { io, printed } = terminal(...typed)
		expect(await runOfficeCommand(args, io)).toBeGreaterThan(0)
		expect(printed[0]).toBe(message)
		expect(await userNamed('kiran')).toBeUndefined()
	})

	test('disable ends sign-ins and refuses the user; enable lets them in again; list shows both states', async () => {
		await runOfficeCommand(['add', 'sunil', 'Sunil Kale'], terminal('sunil office secret', 'sunil office secret').io)
		const token = (await signIn('sunil', 'sunil office secret')).body.data.sToken as string
		expect(await runOfficeCommand(['disable', 'sunil'], terminal().io)).toBe(0)
		expect((await t.call(OFFICE_PATHS.logout, {}, { token })).status).toBe(401)
		expect((await signIn('sunil', 'sunil office secret')).status).toBe(400)
		const listed = terminal()
		await runOfficeCommand(['list'], listed.io)
		expect(listed.printed).toContain('sunil\tSunil Kale\teditor\t(disabled)')
		expect(await runOfficeCommand(['enable', 'sunil'], terminal().io)).toBe(0)
		expect((await signIn('sunil', 'sunil office secret')).status).toBe(200)
		expect(await runOfficeCommand(['disable', 'nobody'], terminal().io)).toBe(1)
	})

	test('--role makes an administrator, --password-stdin reads the password once; a new user is an editor', async () => {
		const admin = terminal('first admin secret')
		expect(await runOfficeCommand(['add', 'lata', 'Lata Admin', '--role', 'admin', '--password-stdin'], admin.io)).toBe(0)
		expect(admin.printed).toEqual(['Created office user lata (Lata Admin).'])
		expect((await signIn('lata', 'first admin secret')).body.data.oStaff).toMatchObject({ sUsername: 'lata', sRole: 'admin' })
		await runOfficeCommand(['add', 'mohan', 'Mohan Editor', '--password-stdin'], terminal('mohan editor secret').io)
		expect((await userNamed('mohan'))?.role).toBe('editor')
		for (const role of ['accounts', 'desk'] as const) {
			const moved = terminal()
			expect(await runOfficeCommand(['role', 'mohan', role], moved.io)).toBe(0)
			expect(moved.printed[0]).toMatch(new RegExp(`^Office user mohan is now in the ${role} role: `))
			expect((await userNamed('mohan'))?.role).toBe(role)
		}
		// A new password for an existing user keeps its role.
		await runOfficeCommand(['add', 'lata', 'Lata Admin', '--password-stdin'], terminal('second admin secret').io)
		expect((await userNamed('lata'))?.role).toBe('admin')
		const bad = terminal('x secret password')
		expect(await runOfficeCommand(['add', 'nina', 'Nina', '--role=owner', '--password-stdin'], bad.io)).toBe(2)
		expect(bad.printed[0]).toBe('Role must be admin, editor, accounts or desk')
	})

	test('role changes a role, but never demotes the last active administrator', async () => {
		const fresh = await createTestDatabase()
		const io = { ...terminal().io, database: async () => fresh.db }
		await runOfficeCommand(['add', 'only.admin', 'Only Admin', '--role', 'admin', '--password-stdin'], { ...io, readPassword: async () => 'only admin secret' })
		const refused = terminal()
		expect(await runOfficeCommand(['role', 'only.admin', 'editor'], { ...refused.io, database: async () => fresh.db })).toBe(1)
		expect(refused.printed).toEqual(['only.admin is the last active administrator; make another one first.'])
		await runOfficeCommand(['add', 'second.admin', 'Second', '--password-stdin'], { ...io, readPassword: async () => 'second admin secret' })
		expect(await runOfficeCommand(['role', 'second.admin', 'admin'], io)).toBe(0)
		expect(await runOfficeCommand(['role', 'only.admin', 'editor'], io)).toBe(0)
		expect(await runOfficeCommand(['role', 'nobody', 'editor'], io)).toBe(1)
		await fresh.close()
	})

	test('an unknown command, or none, prints the usage', async () => {
		for (const args of [['remove', 'x'], []]) {
			const { io, printed } = terminal()
			expect(await runOfficeCommand(args, io)).toBe(2)
			expect(printed.join('\n')).toContain('Usage: npm run office -- <command>')
		}
	})
})
