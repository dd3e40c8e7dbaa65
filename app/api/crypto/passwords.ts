// Password hashing, in one place: scrypt at the OWASP cost (N=2^17, r=8, p=1), computed in the
// sign-in pool's threads. The stored string names its parameters, so a later cost change still
// verifies old hashes.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import commonPasswords from './common-passwords.json'
import { sharedSignInPool, type SignInPool } from './sign-in-pool'

export type PasswordCost = { N: number; r: number; p: number }
/** OWASP Password Storage Cheat Sheet: scrypt N=2^17 (128 MiB), r=8, p=1. */
export const PRODUCTION_PASSWORD_COST: PasswordCost = { N: 2 ** 17, r: 8, p: 1 }

const KEY_LENGTH = 32
const SALT_BYTES = 16

function derive(pool: SignInPool, password: string, salt: Buffer, { N, r, p }: PasswordCost) {
	// scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is below the OWASP cost.
	return pool.derive(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: 128 * N * r + 1024 * 1024 })
}

export async function hashPassword(password: string, cost: PasswordCost = PRODUCTION_PASSWORD_COST, pool = sharedSignInPool()) {
	const salt = randomBytes(SALT_BYTES)
	const key = await derive(pool, password, salt, cost)
	return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string, pool = sharedSignInPool()) {
	const [scheme, N, r, p, salt, key] = stored.split('$')
	if (scheme !== 'scrypt' || !salt || !key) return false
	const expected = Buffer.from(key, 'base64')
	const actual = await derive(pool, password, Buffer.from(salt, 'base64'), { N: Number(N), r: Number(r), p: Number(p) })
	return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** A hash that verifies nothing, so an unknown account costs as much time as a known one. */
export async function decoyHash(cost: PasswordCost, pool = sharedSignInPool()) {
	// A refusal (the server stopping) is not kept: the next sign-in makes the decoy afresh.
	decoys[cost.N] ??= hashPassword(randomBytes(16).toString('hex'), cost, pool).catch((error: unknown) => {
		delete decoys[cost.N]
		throw error
	})
	return decoys[cost.N]!
}
const decoys: Record<number, Promise<string>> = {}

const common = new Set<string>(commonPasswords)
/** ASVS 5 (6.2.x): the most common passwords are refused, whatever their case. */
export function isCommonPassword(password: string) {
	return common.has(password.toLowerCase())
}
