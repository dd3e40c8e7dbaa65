import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { ConfigError, parseConfig } from './config'

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
	])('names the bad variable %s=%s', (name, value) => {
		expect(() => parseConfig({ DATA_DIR: dataDir(), [name]: value })).toThrowError(new RegExp(`^Invalid configuration:\\n  ${name}:`))
	})

	test('in production no secret has a default', () => {
		const dir = dataDir()
		expect(() => parseConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toThrowError(ConfigError)
		expect(() => parseConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toThrowError(/SESSION_SECRET: is required/)
		expect(existsSync(path.join(dir, 'secrets'))).toBe(false)
		const secret = 'x'.repeat(40)
		expect(parseConfig({ NODE_ENV: 'production', DATA_DIR: dir, SESSION_SECRET: secret }).sessionSecret).toBe(secret)
	})

	test('an https public address turns on secure cookies and HSTS', () => {
		const config = parseConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://portal.example.org' })
		expect(config.https).toBe(true)
		expect(config.mediaBaseUrl).toBe('https://portal.example.org/media/')
	})

	test('an empty variable counts as unset', () => {
		expect(parseConfig({ DATA_DIR: dataDir(), PORT: '', DATABASE_URL: '' }).port).toBe(3000)
	})
})
