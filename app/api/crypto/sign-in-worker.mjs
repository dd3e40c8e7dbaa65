// One thread of the sign-in pool (sign-in-pool.ts): the CPU-heavy part of a sign-in, away from
// the thread that answers every request. Plain JavaScript with Node's own modules only, so the
// same file runs from the source tree (tests, `npm run dev`) and beside the production build.
import { constants, privateDecrypt, scryptSync } from 'node:crypto'
import { parentPort } from 'node:worker_threads'

const work = {
	/** Each RSA-OAEP (SHA-256) ciphertext in clear, or null when it is not one of this key's. */
	decrypt: ({ key, texts }) =>
		texts.map((text) => {
			try {
				return privateDecrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(text, 'base64')).toString('utf8')
			} catch {
				return null
			}
		}),
	// Synchronous on purpose: on this thread, not on libuv's four threads, which files and compression need.
	derive: ({ password, salt, keyLength, options }) => scryptSync(password, salt, keyLength, options),
}

parentPort.on('message', (task) => {
	try {
		parentPort.postMessage({ value: work[task.kind](task) })
	} catch (error) {
		parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) })
	}
})
