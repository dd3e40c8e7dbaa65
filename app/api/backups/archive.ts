// A backup file: a gzipped tar whose first entry, manifest.json, says what the file is (format
// version, time, portal version, database kind) and gives each other entry's size and SHA-256,
// so a restore checks every byte it reads before it writes anything (decision 0046).
import { createHash } from 'node:crypto'
import { z } from 'zod'
import packageJson from '../../../package.json'
import { readTarGz, TarError, writeTarGz, type TarEntryIn } from './tar'

export const BACKUP_FORMAT = 'branch-portal-backup'
/** Raised when the file's layout changes; a restore refuses files of a later version. */
export const BACKUP_FORMAT_VERSION = 1
const MANIFEST = 'manifest.json'

/** What the database part is: PGlite's data directory (dumpDataDir) or PostgreSQL's pg_dump (custom format). */
export const DATABASE_PARTS = { pglite: 'database/pgdata.tar', postgres: 'database/portal.pgdump' } as const
export type DatabaseKind = keyof typeof DATABASE_PARTS
export const SECRETS_FOLDER = 'secrets/'

const manifestSchema = z.object({
	format: z.literal(BACKUP_FORMAT),
	formatVersion: z.number().int().min(1),
	createdAt: z.iso.datetime(),
	portalVersion: z.string(),
	database: z.object({
		kind: z.enum(['pglite', 'postgres']),
		serverVersion: z.string(),
		/** The newest applied migration's `when` (app/api/db/migrations/meta/_journal.json), null if none. */
		lastMigration: z.number().int().nullable(),
	}),
	files: z.array(z.object({ name: z.string(), bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
})
export type BackupManifest = z.infer<typeof manifestSchema>

export type BackupPart = Omit<TarEntryIn, 'name'> & { name: string }

/** A file that is not a backup, or not whole: the message says which, for the person restoring. */
export class BackupFileError extends Error {
	override name = 'BackupFileError'
}

async function sha256Of(content: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) {
	const hash = createHash('sha256')
	for await (const chunk of content) hash.update(chunk)
	return hash.digest('hex')
}

/** Writes the file (which must not exist); each part's content is read twice, to hash it and to write it. */
export async function writeBackupArchive(
	file: string,
	{ createdAt, database, parts }: { createdAt: Date; database: BackupManifest['database']; parts: BackupPart[] },
) {
	const files = []
	for (const part of parts) files.push({ name: part.name, bytes: part.bytes, sha256: await sha256Of(part.content()) })
	const manifest: BackupManifest = {
		format: BACKUP_FORMAT,
		formatVersion: BACKUP_FORMAT_VERSION,
		createdAt: createdAt.toISOString(),
		portalVersion: packageJson.version,
		database,
		files,
	}
	const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, '\t')}\n`)
	await writeTarGz(
		file,
		[
			{
				name: MANIFEST,
				bytes: manifestBytes.length,
				content: async function* () {
					yield manifestBytes
				},
			},
			...parts,
		],
		createdAt,
	)
	return manifest
}

/** Reads the whole file and checks it against its manifest; throws a BackupFileError saying what is wrong. */
export async function readBackupArchive(file: string) {
	let manifest: BackupManifest | undefined
	const parts = new Map<string, Buffer<ArrayBuffer>[]>()
	try {
		for await (const entry of readTarGz(file)) {
			if (!manifest) {
				if (entry.name !== MANIFEST) throw new BackupFileError(`${file} is not a portal backup: it does not begin with ${MANIFEST}.`)
				manifest = parseManifest(Buffer.concat(entry.chunks).toString('utf8'), file)
				continue
			}
			const listed = manifest.files.find((candidate) => candidate.name === entry.name)
			if (!listed) throw new BackupFileError(`${file} holds ${entry.name}, which its manifest does not list.`)
			const bytes = entry.chunks.reduce((sum, chunk) => sum + chunk.length, 0)
			if (bytes !== listed.bytes || (await sha256Of(entry.chunks)) !== listed.sha256) {
				throw new BackupFileError(`${file} is damaged: ${entry.name} does not match its checksum.`)
			}
			parts.set(entry.name, entry.chunks)
		}
	} catch (error) {
		if (error instanceof BackupFileError) throw error
		// gzip's own check, a cut-off file, a damaged tar header, or a file that is not there.
		const reason =
			error instanceof TarError ? error.message : (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file.' : 'it is not a whole gzip file.'
		throw new BackupFileError(`${file} cannot be read: ${reason}`)
	}
	if (!manifest) throw new BackupFileError(`${file} is empty.`)
	const missing = manifest.files.filter((listed) => !parts.has(listed.name))
	if (missing.length > 0) throw new BackupFileError(`${file} is not whole: ${missing.map((listed) => listed.name).join(', ')} missing.`)
	const database = parts.get(DATABASE_PARTS[manifest.database.kind])
	if (!database) throw new BackupFileError(`${file} holds no database.`)
	const secrets = [...parts]
		.filter(([name]) => name.startsWith(SECRETS_FOLDER))
		.map(([name, chunks]) => ({ name: name.slice(SECRETS_FOLDER.length), bytes: Buffer.concat(chunks) }))
	return { manifest, database, secrets }
}

function parseManifest(text: string, file: string) {
	let json: unknown
	try {
		json = JSON.parse(text)
	} catch {
		throw new BackupFileError(`${file} is damaged: its manifest is not JSON.`)
	}
	const format = z.object({ format: z.literal(BACKUP_FORMAT), formatVersion: z.number() }).safeParse(json)
	if (!format.success) throw new BackupFileError(`${file} is not a portal backup.`)
	if (format.data.formatVersion > BACKUP_FORMAT_VERSION) {
		throw new BackupFileError(
			`${file} is of backup format ${format.data.formatVersion}, newer than this portal reads (${BACKUP_FORMAT_VERSION}): restore it with a newer portal.`,
		)
	}
	const manifest = manifestSchema.safeParse(json)
	if (!manifest.success) throw new BackupFileError(`${file} is damaged: its manifest is incomplete (${manifest.error.issues[0]!.path.join('.')}).`)
	return manifest.data
}
