import { Hono } from 'hono'
import pino from 'pino'
import { describe, expect, test } from 'vitest'
import { apiErrorHandler } from '../app'
import { hashPassword, isCommonPassword, PRODUCTION_PASSWORD_COST, verifyPassword } from '../crypto/passwords'
import { SIGN_IN_BUSY, SignInBusyError } from '../crypto/sign-in-pool'

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

describe('a sign-in storm', () => {
	test('the API answers a full sign-in line with 503 and Retry-After, in its envelope', async () => {
		const app = new Hono().get('/busy', () => {
			throw new SignInBusyError(SIGN_IN_BUSY.message)
		})
		app.onError(apiErrorHandler(pino({ level: 'silent' })))
		const response = await app.request('/busy')
		expect(response.status).toBe(503)
		expect(response.headers.get('retry-after')).toBe('60')
		expect(await response.json()).toEqual({ message: 'Too many people are signing in; try again in a minute' })
	})
})
