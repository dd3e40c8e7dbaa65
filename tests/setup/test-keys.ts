// One RSA-4096 key pair for the whole vitest run: making one takes seconds, and every test file
// that starts the runtime or an accounts API needs one. Made once before the workers start
// (vitest's globalSetup); the workers inherit it through the environment.
import { generateKeyPairSync } from 'node:crypto'

export default function makeTestKeys() {
	if (process.env.TEST_RSA_PRIVATE_KEY) return
	const { privateKey, publicKey } = generateKeyPairSync('rsa', {
		modulusLength: 4096,
		privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
		publicKeyEncoding: { type: 'spki', format: 'pem' },
	})
	process.env.TEST_RSA_PRIVATE_KEY = privateKey
	process.env.TEST_RSA_PUBLIC_KEY = publicKey
}

/** The run's key pair (set by the global setup above). */
export function testKeys() {
	const privateKey = process.env.TEST_RSA_PRIVATE_KEY
	const publicKey = process.env.TEST_RSA_PUBLIC_KEY
	if (!privateKey || !publicKey) throw new Error('The test key pair is made by tests/setup/test-keys.ts (vitest globalSetup)')
	return { privateKey, publicKey }
}
