// The little of tar (POSIX ustar) a backup file needs: regular files with short names, written
// and read as streams through gzip. Any tar program can list or unpack a backup (`tar tzf`).
import { createReadStream, createWriteStream } from 'node:fs'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'

const BLOCK = 512
/** ustar's size field: 11 octal digits. */
const MAX_ENTRY_BYTES = 8 ** 11 - 1

export type TarEntryIn = { name: string; bytes: number; content: () => AsyncIterable<Uint8Array> }
/** Chunks as gunzip gave them (never on shared memory, so a Blob can be made of them). */
export type TarEntryOut = { name: string; chunks: Buffer<ArrayBuffer>[] }

export class TarError extends Error {
	override name = 'TarError'
}

function header(name: string, bytes: number, mtime: Date) {
	if (Buffer.byteLength(name) > 100) throw new TarError(`The name ${name} is too long for a tar entry.`)
	if (bytes > MAX_ENTRY_BYTES) throw new TarError(`${name} is larger than a tar entry can be (8 GB).`)
	const block = Buffer.alloc(BLOCK)
	const octal = (value: number, width: number, at: number) => block.write(`${value.toString(8).padStart(width - 1, '0')}\0`, at, 'ascii')
	block.write(name, 0, 'utf8')
	octal(0o600, 8, 100)
	octal(0, 8, 108)
	octal(0, 8, 116)
	octal(bytes, 12, 124)
	octal(Math.floor(mtime.getTime() / 1000), 12, 136)
	block.write('0', 156, 'ascii')
	block.write('ustar\u000000', 257, 'ascii')
	block.write(`${checksum(block).toString(8).padStart(6, '0')}\0 `, 148, 'ascii')
	return block
}

/** The header's byte sum with its own checksum field counted as spaces. */
function checksum(block: Buffer) {
	let sum = 0
	for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!
	return sum
}

/** Writes `entries` in order as a gzipped tar; each entry's content must be exactly its `bytes` long. */
export async function writeTarGz(file: string, entries: TarEntryIn[], mtime: Date) {
	async function* blocks() {
		for (const entry of entries) {
			yield header(entry.name, entry.bytes, mtime)
			let written = 0
			for await (const chunk of entry.content()) {
				written += chunk.length
				yield chunk
			}
			if (written !== entry.bytes) throw new TarError(`${entry.name} changed while it was written (${written} bytes, not ${entry.bytes}).`)
			if (written % BLOCK) yield Buffer.alloc(BLOCK - (written % BLOCK))
		}
		yield Buffer.alloc(2 * BLOCK)
	}
	// 0600: a backup holds every member's data.
	await pipeline(Readable.from(blocks()), createGzip(), createWriteStream(file, { mode: 0o600, flags: 'wx' }))
}

/** Reads a gzipped tar's regular files in order, each whole; a damaged or cut-off file throws. */
export async function* readTarGz(file: string): AsyncGenerator<TarEntryOut> {
	const gunzip = createGunzip()
	const source = createReadStream(file)
	source.on('error', (error) => gunzip.destroy(error))
	source.pipe(gunzip)
	let pending: Buffer<ArrayBuffer>[] = []
	let pendingBytes = 0
	const input = gunzip[Symbol.asyncIterator]() as AsyncIterator<Buffer<ArrayBuffer>>
	/** Exactly `count` bytes from the stream, as the chunks they came in; undefined at its end. */
	async function take(count: number): Promise<Buffer<ArrayBuffer>[] | undefined> {
		while (pendingBytes < count) {
			const next = await input.next()
			if (next.done) return undefined
			pending.push(next.value)
			pendingBytes += next.value.length
		}
		const taken: Buffer<ArrayBuffer>[] = []
		let left = count
		while (left > 0) {
			const chunk = pending[0]!
			if (chunk.length <= left) {
				taken.push(chunk)
				pending.shift()
				left -= chunk.length
			} else {
				taken.push(chunk.subarray(0, left))
				pending[0] = chunk.subarray(left)
				left = 0
			}
		}
		pendingBytes -= count
		return taken
	}
	try {
		for (;;) {
			const headerChunks = await take(BLOCK)
			if (!headerChunks) throw new TarError('The file ends before its last entry.')
			const block = Buffer.concat(headerChunks)
			if (block.every((byte) => byte === 0)) return
			const field = (at: number, width: number) =>
				block
					.toString('utf8', at, at + width)
					.replace(/\0.*$/s, '')
					.trim()
			if (Number.parseInt(field(148, 8), 8) !== checksum(block)) throw new TarError('An entry header is damaged.')
			const name = field(0, 100)
			const bytes = Number.parseInt(field(124, 12), 8)
			const content = bytes > 0 ? await take(bytes) : []
			if (!content || (bytes % BLOCK && !(await take(BLOCK - (bytes % BLOCK))))) throw new TarError(`The file ends inside ${name}.`)
			const type = block[156]
			if (type === 0x30 || type === 0) yield { name, chunks: content }
		}
	} finally {
		pending = []
		source.destroy()
		gunzip.destroy()
	}
}
