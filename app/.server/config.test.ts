import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { createPrivateKey, generateKeyPairSync } from 'node:crypto'
import { ConfigError, parseConfig } from './config'

const testKeys = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } })

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'config-test-'))

describe('parseConfig', () => {
	test('runs on defaults alone, with the embedded database and a local secret', () => {
		const dir = dataDir()
		const config = parseConfig({ DATA_DIR: dir })
		expect(config.port).toBe(3000)
		expect(config.databaseUrl).toBeUndefined()
		expect(config.publicUrl.href).toBe('http://localhost:3000/')
		expect(config.https).toBe(false)
		expect(config.mediaBaseUrl).toBe('http://localhost:3000/media/')
		expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32)
		// Generated once, then reused by every later start.
		const file = path.join(dir, 'secrets', 'session-secret')
		expect(readFileSync(file, 'utf8')).toBe(config.sessionSecret)
		expect(parseConfig({ DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret)
	})

	test.each([
		['PORT', 'abc'],
		['PORT', '70000'],
		['DATABASE_URL', 'mysql://localhost/db'],
		['PUBLIC_URL', 'not a url'],
		['SESSION_SECRET', 'short'],
		['BRANCH_EMAIL', 'not-an-email'],
		['LOG_LEVEL', 'loud'],
		['SMTP_URL', 'http://mail.example.org'],
		['RSA_PRIVATE_KEY', 'not a key'],
	])('names the bad variable %s=%s', (name, value) => {
		expect(() => parseConfig({ DATA_DIR: dataDir(), [name]: value })).toThrowError(new RegExp(`^Invalid configuration:\\n  ${name}:`))
	})

	test('in production no secret has a default', () => {
		const dir = dataDir()
		expect(() => parseConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toThrowError(ConfigError)
		expect(() => parseConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toThrowError(/SESSION_SECRET: is required/)
		expect(existsSync(path.join(dir, 'secrets'))).toBe(false)
		const secret = 'x'.repeat(40)
		expect(() => parseConfig({ NODE_ENV: 'production', DATA_DIR: dir, SESSION_SECRET: secret })).toThrowError(/RSA_PRIVATE_KEY: is required/)
		const config = parseConfig({ NODE_ENV: 'production', DATA_DIR: dir, SESSION_SECRET: secret, RSA_PRIVATE_KEY: testKeys.privateKey })
		expect(config.sessionSecret).toBe(secret)
		expect(config.rsa().publicKeyPem.trim()).toBe(testKeys.publicKey.trim())
		expect(existsSync(path.join(dir, 'secrets'))).toBe(false)
	})

	test('demo content only when asked: on by default outside production, off in production, DEMO_CONTENT decides', () => {
		const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), RSA_PRIVATE_KEY: testKeys.privateKey }
		expect(parseConfig({ DATA_DIR: dataDir() }).demoContent).toBe(true)
		expect(parseConfig({ DATA_DIR: dataDir(), ...production }).demoContent).toBe(false)
		expect(parseConfig({ DATA_DIR: dataDir(), ...production, DEMO_CONTENT: 'on' }).demoContent).toBe(true)
		expect(parseConfig({ DATA_DIR: dataDir(), DEMO_CONTENT: 'off' }).demoContent).toBe(false)
		expect(() => parseConfig({ DATA_DIR: dataDir(), DEMO_CONTENT: 'maybe' })).toThrowError(/DEMO_CONTENT: must be on or off/)
	})

	test('an https public address turns on secure cookies and HSTS', () => {
		const config = parseConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://portal.example.org' })
		expect(config.https).toBe(true)
		expect(config.mediaBaseUrl).toBe('https://portal.example.org/media/')
	})

	test('an empty variable counts as unset', () => {
		expect(parseConfig({ DATA_DIR: dataDir(), PORT: '', DATABASE_URL: '' }).port).toBe(3000)
	})

	test('outside production the RSA key pair (4096-bit) is generated once into DATA_DIR', () => {
		const dir = dataDir()
		const keys = parseConfig({ DATA_DIR: dir }).rsa()
		expect(keys.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/)
		expect(createPrivateKey(keys.privateKeyPem).asymmetricKeyDetails?.modulusLength).toBe(4096)
		expect(readFileSync(path.join(dir, 'secrets', 'rsa-private-key.pem'), 'utf8').trim()).toBe(keys.privateKeyPem)
		expect(parseConfig({ DATA_DIR: dir }).rsa()).toEqual(keys)
	})

	test('a PEM key with its line breaks written as \\n is read, and a public key that does not match is refused', () => {
		const escaped = testKeys.privateKey.replace(/\n/g, '\\n')
		expect(parseConfig({ DATA_DIR: dataDir(), RSA_PRIVATE_KEY: escaped }).rsa().publicKeyPem.trim()).toBe(testKeys.publicKey.trim())
		const other = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } })
		const config = parseConfig({ DATA_DIR: dataDir(), RSA_PRIVATE_KEY: testKeys.privateKey, RSA_PUBLIC_KEY: other.publicKey })
		expect(() => config.rsa()).toThrowError(/RSA_PRIVATE_KEY/)
	})

	test('mail goes to the outbox unless SMTP_URL is set; the sender defaults to the branch', () => {
		const config = parseConfig({ DATA_DIR: dataDir() })
		expect(config.smtpUrl).toBeUndefined()
		expect(config.mailFrom).toBe('Sahyadri Regional Branch <no-reply@localhost>')
		expect(parseConfig({ DATA_DIR: dataDir(), SMTP_URL: 'smtp://127.0.0.1:2525' }).smtpUrl).toBe('smtp://127.0.0.1:2525')
	})
})
