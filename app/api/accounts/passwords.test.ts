import { Hono } from 'hono'
import pino from 'pino'
import { describe, expect, test } from 'vitest'
import { apiErrorHandler } from '../app'
import { createHashQueue, HashingBusyError, hashPassword, isCommonPassword, PRODUCTION_PASSWORD_COST, verifyPassword } from './passwords'

describe('password hashing', () => {
	test('the production cost is the OWASP one for scrypt: N=2^17, r=8, p=1', async () => {
		expect(PRODUCTION_PASSWORD_COST).toEqual({ N: 131072, r: 8, p: 1 })
		const started = Date.now()
		const hash = await hashPassword('correct horse battery staple')
		expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/)
		expect(await verifyPassword('correct horse battery staple', hash)).toBe(true)
		// It really costs something (a guess per ~100 ms or more, not a million a second).
		expect(Date.now() - started).toBeGreaterThan(50)
	})

	test('a salted hash: the same password twice gives two hashes; a wrong one does not verify', async () => {
		const cost = { N: 1024, r: 8, p: 1 }
		const [a, b] = await Promise.all([hashPassword('same words here', cost), hashPassword('same words here', cost)])
		expect(a).not.toBe(b)
		expect(a).not.toContain('same words here')
		expect(await verifyPassword('same words here', b)).toBe(true)
		expect(await verifyPassword('same words herE', a)).toBe(false)
		expect(await verifyPassword('anything', 'not-a-hash')).toBe(false)
	})

	test('common passwords are refused whatever their case; a passphrase is not', () => {
		expect(isCommonPassword('password')).toBe(true)
		expect(isCommonPassword('PassWord123')).toBe(true)
		expect(isCommonPassword('12345678')).toBe(true)
		expect(isCommonPassword('plum kettle orbit lantern')).toBe(false)
	})
})

describe('the hashing queue in a sign-in storm', () => {
	/** Work that finishes when the test says so. */
	const held = () => {
		let finish!: () => void
		const done = new Promise<void>((resolve) => (finish = resolve))
		return { done, finish }
	}

	test('at most `slots` run at once; the next in line starts as one ends; one that waits too long gives up', async () => {
		const inTurn = createHashQueue({ slots: 1, deadlineMs: 50 })
		const first = held()
		const started: string[] = []
		const running = inTurn(async () => {
			started.push('first')
			await first.done
		})
		const patient = createHashQueue({ slots: 1, deadlineMs: 60_000 })
		const gaveUp = inTurn(async () => started.push('too late'))
		await expect(gaveUp).rejects.toBeInstanceOf(HashingBusyError)
		await expect(gaveUp).rejects.toThrow('Too many people are signing in; try again in a minute')
		first.finish()
		await running
		await inTurn(async () => started.push('after'))
		expect(started).toEqual(['first', 'after'])
		// In line behind a slow one, a patient caller starts when the slot frees.
		const slow = held()
		const order: string[] = []
		const a = patient(async () => {
			await slow.done
			order.push('a')
		})
		const b = patient(async () => order.push('b'))
		slow.finish()
		await Promise.all([a, b])
		expect(order).toEqual(['a', 'b'])
	})

	test('the API answers a storm with 503 and Retry-After, not a fault', async () => {
		const app = new Hono().get('/busy', () => {
			throw new HashingBusyError('Too many people are signing in; try again in a minute')
		})
		app.onError(apiErrorHandler(pino({ level: 'silent' })))
		const response = await app.request('/busy')
		expect(response.status).toBe(503)
		expect(response.headers.get('retry-after')).toBe('60')
		expect(await response.json()).toEqual({ message: 'Too many people are signing in; try again in a minute' })
	})
})
