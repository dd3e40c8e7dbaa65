// Password hashing, in one place: node:crypto scrypt at the OWASP cost (N=2^17, r=8, p=1).
// The stored string names its parameters, so a later cost change still verifies old hashes.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { availableParallelism } from 'node:os'
import commonPasswords from './common-passwords.json'

/** A hash that waited past the queue's deadline: too many sign-ins at once. */
export class HashingBusyError extends Error {
	override name = 'HashingBusyError'
}

/**
 * At most `slots` hashes at a time; the rest wait in line, and one that waited `deadlineMs`
 * gives up (HashingBusyError). A sign-in storm then costs a bounded share of the machine: the
 * other cores and libuv's other threads stay free for pages, static files and compression.
 */
export function createHashQueue({ slots, deadlineMs }: { slots: number; deadlineMs: number }) {
	let running = 0
	const waiting: Array<() => void> = []
	const release = () => {
		const next = waiting.shift()
		if (next) next() // the slot passes straight to the next in line
		else running--
	}
	return async function inTurn<T>(work: () => Promise<T>): Promise<T> {
		if (running < slots) running++
		else {
			await new Promise<void>((resolve, reject) => {
				const start = () => {
					clearTimeout(timer)
					resolve()
				}
				const timer = setTimeout(() => {
					waiting.splice(waiting.indexOf(start), 1)
					reject(new HashingBusyError('Too many people are signing in; try again in a minute'))
				}, deadlineMs)
				waiting.push(start)
			})
		}
		try {
			return await work()
		} finally {
			release()
		}
	}
}

/** One core is left to the pages (at least one hash at a time); a sign-in waits at most 10 s. */
const inTurn = createHashQueue({ slots: Math.max(1, availableParallelism() - 1), deadlineMs: 10_000 })

export type PasswordCost = { N: number; r: number; p: number }
/** OWASP Password Storage Cheat Sheet: scrypt N=2^17 (128 MiB), r=8, p=1. */
export const PRODUCTION_PASSWORD_COST: PasswordCost = { N: 2 ** 17, r: 8, p: 1 }

const KEY_LENGTH = 32
const SALT_BYTES = 16

function derive(password: string, salt: Buffer, { N, r, p }: PasswordCost) {
	// scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is below the OWASP cost.
	const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r + 1024 * 1024 }
	return inTurn(
		() =>
			new Promise<Buffer>((resolve, reject) =>
				scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
			),
	)
}

export async function hashPassword(password: string, cost: PasswordCost = PRODUCTION_PASSWORD_COST) {
	const salt = randomBytes(SALT_BYTES)
	const key = await derive(password, salt, cost)
	return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string) {
	const [scheme, N, r, p, salt, key] = stored.split('$')
	if (scheme !== 'scrypt' || !salt || !key) return false
	const expected = Buffer.from(key, 'base64')
	const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(N), r: Number(r), p: Number(p) })
	return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** A hash that verifies nothing, so an unknown account costs as much time as a known one. */
export async function decoyHash(cost: PasswordCost) {
	decoys[cost.N] ??= hashPassword(randomBytes(16).toString('hex'), cost)
	return decoys[cost.N]!
}
const decoys: Record<number, Promise<string>> = {}

const common = new Set<string>(commonPasswords)
/** ASVS 5 (6.2.x): the most common passwords are refused, whatever their case. */
export function isCommonPassword(password: string) {
	return common.has(password.toLowerCase())
}
