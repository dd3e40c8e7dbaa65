// Files behind the media base address (pictures, PDFs), kept in the database (decision 0006).
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { isStorableText } from '~/contract/storable-text'
import type { Database } from '../db/client'
import { mediaFiles } from '../db/schema'

/** The only kinds of file the portal stores, with the extension its paths use. */
export const MEDIA_TYPES = {
	'image/jpeg': 'jpg',
	'image/png': 'png',
	'image/webp': 'webp',
	'application/pdf': 'pdf',
} as const
export type MediaType = keyof typeof MEDIA_TYPES

/** A fresh path the server makes itself (never from a file name a client sent): `folder/uuid.ext`. */
export function newMediaPath(folder: string, contentType: MediaType) {
	return `${folder}/${randomUUID()}.${MEDIA_TYPES[contentType]}`
}

export async function saveMediaFile(db: Pick<Database, 'insert'>, file: { path: string; contentType: MediaType; bytes: Buffer }) {
	await db.insert(mediaFiles).values({ ...file, size: file.bytes.length })
	return file.path
}

/** The file at a media path; undefined for a path no file can have (text the database cannot hold). */
export async function readMediaFile(db: Database, path: string) {
	if (!isStorableText(path)) return undefined
	const [file] = await db.select().from(mediaFiles).where(eq(mediaFiles.path, path)).limit(1)
	return file
}
