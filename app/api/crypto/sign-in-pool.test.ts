// The sign-in pool with its real worker threads: what it computes, the order it works in, and the
// line it keeps bounded. (What it spares the main thread is measured by `npm run bench`.)
import { constants, publicEncrypt, randomBytes, scryptSync } from 'node:crypto'
import { afterAll, describe, expect, test } from 'vitest'
import { testKeys } from '#tests/setup/test-keys'
import { isCiphertextFor, loadPrivateKey } from '../crypto/crypto'
import { createSignInPool, SIGN_IN_BUSY, SignInBusyError } from '../crypto/sign-in-pool'

const { privateKey: privatePem, publicKey } = testKeys()
const privateKey = loadPrivateKey(privatePem)
/** As the portal sends a password field (decision 0007). */
const encryptText = (key: string, text: string) =>
	publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(text)).toString('base64')
const pools: ReturnType<typeof createSignInPool>[] = []
const pool = (options: Partial<Parameters<typeof createSignInPool>[0]> = {}) => {
	const made = createSignInPool({ threads: 1, queueLimit: 8, deadlineMs: 60_000, ...options })
	pools.push(made)
	return made
}
afterAll(() => Promise.all(pools.map((made) => made.close())))

/** A decryption that keeps a thread busy for a while: many fields at once. */
const longDecrypt = (work: ReturnType<typeof pool>) =>
	work.decrypt(
		privateKey,
		Array.from({ length: 40 }, () => encryptText(publicKey, 'x')),
	)

describe('the sign-in pool', () => {
	test("decrypts the portal's ciphertexts; anything else is null", async () => {
		const sent = [encryptText(publicKey, 'Sahyadri demo 2026'), encryptText(publicKey, 'पासवर्ड ok'), randomBytes(512).toString('base64')]
		expect(sent.every((text) => isCiphertextFor(privateKey, text))).toBe(true)
		expect(await pool().decrypt(privateKey, sent)).toEqual(['Sahyadri demo 2026', 'पासवर्ड ok', null])
	})

	test('the cheap check refuses what cannot be a ciphertext of the key before any decryption', () => {
		const real = encryptText(publicKey, 'secret words')
		for (const value of [real.slice(4), `${real}AAAA`, real.replace(/.$/, '!'), 42, undefined, '']) expect(isCiphertextFor(privateKey, value)).toBe(false)
	})

	test('derives the same key as scrypt does in place', async () => {
		const salt = randomBytes(16)
		const options = { N: 1024, r: 8, p: 1 }
		expect(await pool().derive('correct horse', salt, 32, options)).toEqual(scryptSync('correct horse', salt, 32, options))
	})

	test('a full line refuses the next sign-in at once; those let in are all answered', async () => {
		const work = pool({ threads: 1, queueLimit: 2 })
		// Asked in one go: one runs, two wait, and the fourth finds the line full.
		const asked = [longDecrypt(work), longDecrypt(work), longDecrypt(work), longDecrypt(work)]
		await expect(asked[3]).rejects.toThrow(new SignInBusyError(SIGN_IN_BUSY.message))
		// A sign-in can be told so before it costs anything.
		expect(() => work.refuseWhenFull()).toThrow(new SignInBusyError(SIGN_IN_BUSY.message))
		for (const answer of asked.slice(0, 3)) expect(await answer).toHaveLength(40)
		// With the line empty again, a new one is let in.
		expect(() => work.refuseWhenFull()).not.toThrow()
		expect(await work.decrypt(privateKey, [encryptText(publicKey, 'again')])).toEqual(['again'])
	})

	test('a hash for a sign-in already let in goes ahead of new ones, and is never refused', async () => {
		const work = pool({ threads: 1, queueLimit: 1 })
		const order: string[] = []
		const first = longDecrypt(work).then(() => order.push('first sign-in'))
		const second = longDecrypt(work).then(() => order.push('second sign-in'))
		const hash = work.derive('let in', randomBytes(16), 32, { N: 1024, r: 8, p: 1 }).then(() => order.push('hash'))
		await Promise.all([first, second, hash])
		expect(order).toEqual(['first sign-in', 'hash', 'second sign-in'])
	})

	test('a new sign-in that waits past the deadline is refused', async () => {
		const work = pool({ threads: 1, deadlineMs: 0 })
		const running = work.derive('slow', randomBytes(16), 32, { N: 2 ** 16, r: 8, p: 1, maxmem: 128 * 1024 * 1024 })
		await expect(work.decrypt(privateKey, [encryptText(publicKey, 'late')])).rejects.toBeInstanceOf(SignInBusyError)
		await running
	})

	test('closed, it refuses what waits and anything new, as busy', async () => {
		const work = pool({ threads: 1 })
		const refusals = [expect(longDecrypt(work)).rejects.toThrow('A sign-in thread stopped'), expect(longDecrypt(work)).rejects.toBeInstanceOf(SignInBusyError)]
		await work.close()
		await Promise.all(refusals)
		await expect(work.derive('after', randomBytes(16), 32, { N: 1024, r: 8, p: 1 })).rejects.toThrow('The portal is restarting; try again in a minute')
	})
})
