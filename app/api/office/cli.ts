// `npm run office -- <command>` (scripts/office.mjs, decision 0019): the office makes and manages
// staff users from the command line. Passwords are read without echo and never printed or logged.
import path from 'node:path'
import { createInterface } from 'node:readline'
import type { z } from 'zod'
import { passwordSchema } from '~/contract/accounts'
import { staffFullNameSchema, staffRoleSchema, usernameSchema } from '~/contract/office/auth'
import { STAFF_ROLE_DUTIES, STAFF_ROLE_NAMES, STAFF_ROLES } from '~/contract/office/staff-roles'
import { hashPassword, isCommonPassword, PRODUCTION_PASSWORD_COST, type PasswordCost } from '../crypto/passwords'
import { openDatabase, type Database } from '../db/client'
import { DemoRemovalRefused, removeDemoContent } from '../demo/demo-removal'
import { COMMAND_LINE } from '../shared/audit'
import { listStaffUsers, saveStaffUser, setStaffDisabled, setStaffRole } from './staff/service'
import { resetTwoFactor } from './two-factor/service'

export const OFFICE_USAGE = `Usage: npm run office -- <command> [options]
  add <username> "<Full name>"  create an office user, or give an existing one a new password and name (and enable it)
      --role ROLE               admin, editor (a new user's default), accounts or desk (below)
      --password-stdin          read the password once from standard input, for scripts
  role <username> ROLE          change a user's role
  disable <username>            stop a user signing in (their sign-ins end at once)
  enable <username>             let a disabled user sign in again
  list                          list the office users
  reset-two-factor <username>   turn off a user's two-factor sign-in (a lost phone): the password
                                alone signs them in again, their sign-ins end; in the audit log
  hash [--password-stdin]       print a password hash for OFFICE_USERS (no database needed)
  remove-demo                   remove the demo branch's content and accounts, keeping what the branch added
Roles: ${STAFF_ROLES.map((role) => `${role}: ${STAFF_ROLE_DUTIES[role]}`).join('; ')}.
The password is asked for twice and not shown. With embedded PGlite the portal must be stopped
first (one process per DATA_DIR); with DATABASE_URL it may keep running.`

export type OfficeIo = {
	readPassword: (prompt: string) => Promise<string>
	print: (line: string) => void
	/** Opened only by the commands that need it. */
	database: () => Promise<Database>
	passwordCost?: PasswordCost
}

/** A mistake the user can put right: said plainly, with the usage when the command itself was wrong. */
class UsageError extends Error {
	constructor(
		message: string,
		readonly showUsage = true,
	) {
		super(message)
	}
}

/** Runs one command; answers the exit code. Errors meant for the user are printed, not thrown. */
export async function runOfficeCommand(args: string[], io: OfficeIo) {
	const {
		positional: [command, ...rest],
		role,
		passwordStdin,
	} = readOptions(args)
	try {
		switch (command) {
			case 'hash':
				io.print(await hashPassword(await newPassword(io, passwordStdin), io.passwordCost ?? PRODUCTION_PASSWORD_COST))
				return 0
			case 'add': {
				const [username, fullName] = [parse(usernameSchema, rest[0]), parse(staffFullNameSchema, rest[1])]
				const passwordHash = await hashPassword(await newPassword(io, passwordStdin), io.passwordCost ?? PRODUCTION_PASSWORD_COST)
				const outcome = await saveStaffUser(await io.database(), {
					username,
					fullName,
					passwordHash,
					role: role === undefined ? undefined : parse(staffRoleSchema, role),
				})
				io.print(`${outcome === 'created' ? 'Created' : 'Updated'} office user ${username} (${fullName}).`)
				return 0
			}
			case 'role': {
				const [username, newRole] = [parse(usernameSchema, rest[0]), parse(staffRoleSchema, rest[1])]
				const outcome = await setStaffRole(await io.database(), username, newRole)
				if (outcome === 'unknown') throw new UsageError(`There is no office user ${username}.`, false)
				if (outcome === 'last-admin') throw new UsageError(`${username} is the last active administrator; make another one first.`, false)
				io.print(`Office user ${username} is now in the ${STAFF_ROLE_NAMES[newRole].toLowerCase()} role: ${STAFF_ROLE_DUTIES[newRole]}.`)
				return 0
			}
			case 'remove-demo': {
				try {
					const removed = await removeDemoContent(await io.database())
					if (!removed) io.print('This database has no demo content to remove.')
					else
						io.print(
							`Removed the demo branch: ${removed.accounts} demo accounts and ${Object.values(removed.rows).reduce((a, b) => a + b, 0)} records of demo content.`,
						)
					return 0
				} catch (error) {
					if (error instanceof DemoRemovalRefused) throw new UsageError(error.message, false)
					throw error
				}
			}
			case 'disable':
			case 'enable': {
				const username = parse(usernameSchema, rest[0])
				if (!(await setStaffDisabled(await io.database(), username, command === 'disable'))) throw new UsageError(`There is no office user ${username}.`, false)
				io.print(`${command === 'disable' ? 'Disabled' : 'Enabled'} office user ${username}.`)
				return 0
			}
			case 'reset-two-factor': {
				const username = parse(usernameSchema, rest[0])
				if (!(await resetTwoFactor(await io.database(), username, COMMAND_LINE))) throw new UsageError(`There is no office user ${username}.`, false)
				io.print(`Two-factor sign-in of ${username} is off; they sign in with their password and may set it up again.`)
				return 0
			}
			case 'list': {
				const users = await listStaffUsers(await io.database())
				if (users.length === 0) io.print('There are no office users yet.')
				for (const user of users)
					io.print(`${user.username}\t${user.fullName}\t${user.role}${user.totpEnabledAt ? '\ttwo-factor' : ''}${user.disabledAt ? '\t(disabled)' : ''}`)
				return 0
			}
			default:
				throw new UsageError(command && command !== 'help' ? `Unknown command: ${command}` : '')
		}
	} catch (error) {
		if (!(error instanceof UsageError)) throw error
		if (error.message) io.print(error.message)
		if (error.showUsage) io.print(OFFICE_USAGE)
		return error.showUsage ? 2 : 1
	}
}

function parse<T>(schema: z.ZodType<T>, value: unknown, showUsage = true) {
	const result = schema.safeParse(value)
	if (!result.success) throw new UsageError(result.error.issues[0]!.message, showUsage)
	return result.data
}

/** `--role admin`, `--role=admin` and `--password-stdin` anywhere; the rest in order. */
function readOptions(args: string[]) {
	const positional: string[] = []
	let role: string | undefined
	let passwordStdin = false
	for (let i = 0; i < args.length; i++) {
		const arg = args[i]!
		if (arg === '--password-stdin') passwordStdin = true
		else if (arg === '--role') role = args[++i] ?? ''
		else if (arg.startsWith('--role=')) role = arg.slice('--role='.length)
		else positional.push(arg)
	}
	return { positional, role, passwordStdin }
}

/** Asked twice (once from standard input with --password-stdin); the member password rules hold for staff too. */
async function newPassword(io: OfficeIo, once = false) {
	const password = parse(passwordSchema(), await io.readPassword('Password: '), false)
	if (isCommonPassword(password)) throw new UsageError('This password is too common. Choose another.', false)
	if (!once && (await io.readPassword('Password again: ')) !== password) throw new UsageError('The passwords do not match.', false)
	return password
}

/** The real terminal: no echo on a TTY; piped input is read line by line (for scripts). */
export async function main(args: string[]) {
	const lines = process.stdin.isTTY ? undefined : createInterface({ input: process.stdin, terminal: false })[Symbol.asyncIterator]()
	let handle: Awaited<ReturnType<typeof openDatabase>> | undefined
	const io: OfficeIo = {
		print: (line) => console.log(line),
		readPassword: async (prompt) => (lines ? String((await lines.next()).value ?? '') : readHidden(prompt)),
		database: async () => {
			// Only where the database is: the CLI needs none of the portal's other settings.
			const databaseUrl = process.env.DATABASE_URL || undefined
			try {
				handle ??= await openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: path.join(path.resolve(process.env.DATA_DIR || './data'), 'db') })
			} catch (error) {
				if (error instanceof Error && error.message.includes('is in use by process')) {
					throw new UsageError(`${error.message}\nStop the portal first (PGlite allows one process per DATA_DIR), or set the user in OFFICE_USERS.`, false)
				}
				throw error
			}
			return handle.db
		},
	}
	try {
		return await runOfficeCommand(args, io)
	} finally {
		await handle?.close()
		if (lines) await lines.return?.()
	}
}

/** Reads a line from the terminal in raw mode, showing nothing; Ctrl-C gives up. */
function readHidden(prompt: string) {
	process.stdout.write(prompt)
	return new Promise<string>((resolve, reject) => {
		let typed = ''
		const stdin = process.stdin
		const done = (finish: () => void) => {
			stdin.setRawMode(false)
			stdin.pause()
			stdin.off('data', onData)
			process.stdout.write('\n')
			finish()
		}
		const onData = (chunk: Buffer) => {
			for (const char of chunk.toString('utf8')) {
				if (char === '\r' || char === '\n') return done(() => resolve(typed))
				if (char === '\u0003') return done(() => reject(new UsageError('Cancelled.', false)))
				if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1)
				else typed += char
			}
		}
		stdin.setRawMode(true)
		stdin.resume()
		stdin.on('data', onData)
	})
}
