// PostgreSQL's own tools for a portal on DATABASE_URL: pg_dump (custom format) for a backup,
// pg_restore to check and to restore one. The password goes in the environment, never in the
// arguments, where other users of the machine could read it.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import postgres from 'postgres'

export class PgToolError extends Error {
	override name = 'PgToolError'
}

/** On PATH, else the newest of Debian's /usr/lib/postgresql/<version>/bin. */
function findTool(name: 'pg_dump' | 'pg_restore') {
	for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
		if (dir && existsSync(path.join(dir, name))) return path.join(dir, name)
	}
	const debian = '/usr/lib/postgresql'
	const versions = existsSync(debian)
		? readdirSync(debian)
				.filter((version) => /^\d+$/.test(version))
				.sort((a, b) => Number(b) - Number(a))
		: []
	for (const version of versions) if (existsSync(path.join(debian, version, 'bin', name))) return path.join(debian, version, 'bin', name)
	throw new PgToolError(
		`${name} is not installed here. Install PostgreSQL's client tools (same major version as the server or newer), or back up with your database provider's own backups.`,
	)
}

/** The URL without its password, and the password for PGPASSWORD. */
function connection(databaseUrl: string) {
	const url = new URL(databaseUrl)
	const password = decodeURIComponent(url.password)
	url.password = ''
	return { dbname: url.href, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } }
}

function run(tool: 'pg_dump' | 'pg_restore', args: string[], databaseUrl?: string, input?: Iterable<Uint8Array> | AsyncIterable<Uint8Array>) {
	const { dbname, env } = databaseUrl ? connection(databaseUrl) : { dbname: undefined, env: process.env }
	const child = spawn(findTool(tool), [...args, ...(dbname ? [`--dbname=${dbname}`] : [])], { env, stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] })
	let stdout = ''
	let stderr = ''
	child.stdout!.on('data', (chunk) => (stdout += chunk))
	child.stderr!.on('data', (chunk) => (stderr += chunk))
	if (input) {
		// pg_restore may stop reading early (a bad file): that is its answer, not ours.
		child.stdin!.on('error', () => {})
		void (async () => {
			for await (const chunk of input) if (!child.stdin!.write(chunk)) await new Promise((resolve) => child.stdin!.once('drain', resolve))
			child.stdin!.end()
		})()
	}
	return new Promise<string>((resolve, reject) => {
		child.once('error', reject)
		child.once('close', (code) => (code === 0 ? resolve(stdout) : reject(new PgToolError(`${tool} failed: ${stderr.trim() || `exit code ${code}`}`))))
	})
}

/** What a backup's manifest says of the server: its version and the newest migration applied. */
export async function postgresDatabaseInfo(databaseUrl: string) {
	const client = postgres(databaseUrl, { max: 1, onnotice: () => {} })
	try {
		const [version] = await client<{ server_version: string }[]>`show server_version`
		const [migration] = await client<{ last: string | null }[]>`
			select case when to_regclass('drizzle.__drizzle_migrations') is null then null
				else (select max(created_at)::text from drizzle.__drizzle_migrations) end as last`
		return { serverVersion: version!.server_version, lastMigration: migration?.last ? Number(migration.last) : null }
	} finally {
		await client.end()
	}
}

/** The whole database (with the media kept in it) in pg_dump's custom format; one consistent snapshot. */
export const pgDump = (databaseUrl: string, file: string) => run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`], databaseUrl)

/** The tables whose data a dump holds, read from its table of contents (`pg_restore --list`). */
export async function tablesInDump(dump: Iterable<Uint8Array>) {
	const list = await run('pg_restore', ['--list'], undefined, dump)
	return new Set([...list.matchAll(/ TABLE DATA \S+ (\S+) /g)].map((match) => match[1]!))
}

/**
 * Restores a dump file into the database; `clean` drops what is there first. One transaction: all
 * or nothing. From a file, not a pipe: pg_restore may need to seek in it.
 */
export const pgRestore = (databaseUrl: string, file: string, { clean }: { clean: boolean }) =>
	run(
		'pg_restore',
		['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', ...(clean ? ['--clean', '--if-exists'] : []), file],
		databaseUrl,
	)

/** Whether the database already holds the portal's tables (or anything else in its schemas). */
export async function hasPortalTables(databaseUrl: string) {
	const client = postgres(databaseUrl, { max: 1, onnotice: () => {} })
	try {
		const [row] = await client<{ n: number }[]>`select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle', 'jobs')`
		return row!.n > 0
	} finally {
		await client.end()
	}
}
