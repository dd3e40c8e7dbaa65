// A gzip body made of fixed parts compressed once and short values (CSP nonces) written between
// them per response, so a kept page is served compressed without compressing it again.
// Each part is raw deflate ended with a sync flush (byte-aligned, not final); a value goes in as a
// stored block; an empty final block and the gzip trailer close the stream (RFC 1951, RFC 1952).
// A part may refer back to earlier ones: it is compressed with the page before it as a preset
// dictionary, where each value's place holds NUL bytes of its length. HTML has no NUL, so no match
// reaches into a value, and the distances to earlier bytes are those the browser will have.
import { constants, crc32, deflateRawSync } from 'node:zlib'

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff])
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00])

/** Deflate refers back at most this far. */
const WINDOW_BYTES = 32 * 1024

export type CompressedParts = { parts: Buffer[]; deflated: Buffer[]; valueLength: number }

export function compressParts(parts: Buffer[], valueLength: number): CompressedParts {
	const placeholder = Buffer.alloc(valueLength)
	const deflated = parts.map((part, index) => {
		const before = parts.slice(0, index).flatMap((earlier) => [earlier, placeholder])
		const dictionary = index === 0 ? undefined : Buffer.concat(before).subarray(-WINDOW_BYTES)
		return deflateRawSync(part, { finishFlush: constants.Z_SYNC_FLUSH, dictionary })
	})
	return { parts, deflated, valueLength }
}

function storedBlock(value: Buffer) {
	const head = Buffer.alloc(5)
	head.writeUInt16LE(value.length, 1)
	head.writeUInt16LE(~value.length & 0xffff, 3)
	return [head, value]
}

/** The gzip stream of the parts joined by `value`, as buffers to write in order. */
export function gzipJoined({ parts, deflated, valueLength }: CompressedParts, value: Buffer): Buffer[] {
	if (value.length !== valueLength) throw new Error(`gzipJoined: a value of ${value.length} bytes where ${valueLength} were compressed for`)
	let crc = 0
	let size = 0
	const chunks: Buffer[] = [GZIP_HEADER]
	deflated.forEach((block, index) => {
		if (index > 0) {
			chunks.push(...storedBlock(value))
			crc = crc32(value, crc)
			size += value.length
		}
		const part = parts[index] as Buffer
		chunks.push(block)
		crc = crc32(part, crc)
		size += part.length
	})
	const trailer = Buffer.alloc(8)
	trailer.writeUInt32LE(crc >>> 0, 0)
	trailer.writeUInt32LE(size >>> 0, 4)
	chunks.push(FINAL_EMPTY_BLOCK, trailer)
	return chunks
}
