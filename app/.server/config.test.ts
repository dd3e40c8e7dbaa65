import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { createPrivateKey, generateKeyPairSync } from 'node:crypto'
import { hashPassword } from '~/api/crypto/passwords'
import { testKeys } from '#tests/setup/test-keys'
import { ConfigError, parseConfig } from './config'

const keys = testKeys()

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'config-test-'))

/** A complete live configuration (a fictional branch of its own, so no trial default can pass for it). */
const LIVE = {
	NODE_ENV: 'production',
	SESSION_SECRET: 'x'.repeat(40),
	RSA_PRIVATE_KEY: keys.privateKey,
	PUBLIC_URL: 'https://portal.deccan.example.org',
	SMTP_URL: 'smtp://mail.deccan.example.org:587',
	BRANCH_NAME: 'Deccan Branch',
	BRANCH_ADDRESS: '1 Station Road, Nashik 422001',
	BRANCH_PHONE: '+91 253 000 0000',
	BRANCH_EMAIL: 'office@deccan.example.org',
	BRANCH_GSTIN: '27AAPFU0939F1ZV',
	INVOICE_PREFIX: 'DRB',
}

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
		['BACKUP_KEEP', '0'],
		['BACKUP_KEEP', '1.5'],
		['BACKUP_KEEP', 'a week'],
	])('names the bad variable %s=%s', (name, value) => {
		expect(() => parseConfig({ DATA_DIR: dataDir(), [name]: value })).toThrowError(new RegExp(`^Invalid configuration:\\n  ${name}:`))
	})

	test('live (NODE_ENV=production) no secret, mail server or particular of the branch has a default', () => {
		const dir = dataDir()
		expect(() => parseConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toThrowError(ConfigError)
		for (const name of [
			'SESSION_SECRET',
			'RSA_PRIVATE_KEY',
			'PUBLIC_URL',
			'SMTP_URL',
			'BRANCH_NAME',
			'BRANCH_ADDRESS',
			'BRANCH_PHONE',
			'BRANCH_EMAIL',
			'BRANCH_GSTIN',
			'INVOICE_PREFIX',
		]) {
			expect(() => parseConfig({ ...LIVE, DATA_DIR: dir, [name]: '' })).toThrowError(new RegExp(`${name}: is required for a live deployment`))
		}
		expect(existsSync(path.join(dir, 'secrets'))).toBe(false)
		const config = parseConfig({ ...LIVE, DATA_DIR: dir })
		expect(config).toMatchObject({ live: true, sessionSecret: LIVE.SESSION_SECRET, branch: { name: 'Deccan Branch', social: {} } })
		expect(config.branch.mapUrl).toBe('https://www.openstreetmap.org/search?query=1%20Station%20Road%2C%20Nashik%20422001')
		expect(config.settings.payments.provider).toBe('offline')
		expect(config.settings.billing.invoicePrefix).toBe('DRB')
		expect(config.rsa().publicKeyPem.trim()).toBe(keys.publicKey.trim())
		expect(existsSync(path.join(dir, 'secrets'))).toBe(false)
		// DEPLOYMENT says it in so many words where NODE_ENV is unset.
		expect(() => parseConfig({ DATA_DIR: dir, DEPLOYMENT: 'live' })).toThrowError(/SESSION_SECRET: is required/)
		expect(parseConfig({ ...LIVE, NODE_ENV: undefined, DATA_DIR: dir, DEPLOYMENT: 'trial', BRANCH_NAME: '' }).branch.name).toBe('Sahyadri Regional Branch')
	})

	test('a live start refuses the settings that would weaken it, naming each variable', () => {
		const live = { ...LIVE, DATA_DIR: dataDir() }
		// The demo accounts' passwords are in the README, and a demonstration asks no one for two-factor sign-in.
		for (const on of ['on', 'true', '1'])
			expect(() => parseConfig({ ...live, DEMO_CONTENT: on })).toThrowError(/DEMO_CONTENT: cannot be on for a live deployment/)
		expect(parseConfig({ ...live, DEMO_CONTENT: 'off' }).demoContent).toBe(false)
		// The key secret goes to RAZORPAY_API_URL: live, only to Razorpay itself.
		const razorpay = {
			PAYMENT_PROVIDER: 'razorpay',
			RAZORPAY_KEY_ID: 'rzp_live_AbCdEf012345',
			RAZORPAY_KEY_SECRET: 'a-key-secret-from-razorpay',
			RAZORPAY_WEBHOOK_SECRET: 'a-webhook-secret',
		}
		for (const elsewhere of [
			'http://127.0.0.1:4500',
			'http://api.razorpay.com',
			'https://api.razorpay.com.example.org',
			'https://gateway.example.org',
			'https://api.razorpay.com/v1',
		]) {
			expect(() => parseConfig({ ...live, ...razorpay, RAZORPAY_API_URL: elsewhere }), elsewhere).toThrowError(
				/RAZORPAY_API_URL: must be Razorpay's own API \(https:\/\/api\.razorpay\.com\) for a live deployment/,
			)
		}
		expect(parseConfig({ ...live, ...razorpay, RAZORPAY_API_URL: 'https://api.razorpay.com/' }).settings.payments.razorpay).toMatchObject({
			apiUrl: 'https://api.razorpay.com',
			checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
		})
		// A trial may use the test gateway, and its stand-in checkout script.
		const trial = parseConfig({ DATA_DIR: dataDir(), ...razorpay, RAZORPAY_KEY_ID: 'rzp_test_LocalGateway01', RAZORPAY_API_URL: 'http://127.0.0.1:4500' })
			.settings.payments.razorpay
		expect(trial).toMatchObject({ apiUrl: 'http://127.0.0.1:4500', checkoutScriptUrl: 'http://127.0.0.1:4500/v1/checkout.js' })
	})

	test('DEPLOYMENT may not contradict NODE_ENV, as given to the configuration or kept by server.mjs', () => {
		expect(() => parseConfig({ ...LIVE, DATA_DIR: dataDir(), DEPLOYMENT: 'trial' })).toThrowError(
			/DEPLOYMENT: is trial, but NODE_ENV=production says a live start/,
		)
		for (const nodeEnv of ['development', 'test']) {
			expect(() => parseConfig({ ...LIVE, DATA_DIR: dataDir(), NODE_ENV: nodeEnv, DEPLOYMENT: 'live' })).toThrowError(
				new RegExp(`DEPLOYMENT: is live, but NODE_ENV=${nodeEnv} says not a live start`),
			)
		}
		expect(parseConfig({ ...LIVE, DATA_DIR: dataDir(), DEPLOYMENT: 'live' }).live).toBe(true)
		expect(parseConfig({ DATA_DIR: dataDir(), NODE_ENV: 'development', DEPLOYMENT: 'trial' }).live).toBe(false)
		// server.mjs runs React's production build with NODE_ENV=production and keeps the operator's own.
		const started = (operatorNodeEnv: string, deployment: string) => ({
			...LIVE,
			DATA_DIR: dataDir(),
			NODE_ENV: 'production',
			OPERATOR_NODE_ENV: operatorNodeEnv,
			DEPLOYMENT: deployment,
		})
		expect(() => parseConfig(started('production', 'trial'))).toThrowError(/DEPLOYMENT: is trial, but NODE_ENV=production/)
		expect(() => parseConfig(started('development', 'live'))).toThrowError(/DEPLOYMENT: is live, but NODE_ENV=development/)
		expect(parseConfig(started('', 'trial')).live).toBe(false)
		expect(parseConfig(started('', 'live')).live).toBe(true)
		expect(parseConfig(started('test', 'trial')).live).toBe(false)
		expect(() => parseConfig(started('staging', 'trial'))).toThrowError(/NODE_ENV: must be production, development or test/)
	})

	test('live needs an https public address (plain http only on a loopback address)', () => {
		expect(() => parseConfig({ ...LIVE, DATA_DIR: dataDir(), PUBLIC_URL: 'http://portal.example.org' })).toThrowError(
			/PUBLIC_URL: must be https:\/\/ for a live deployment/,
		)
		expect(parseConfig({ ...LIVE, DATA_DIR: dataDir(), PUBLIC_URL: 'http://localhost:3210' }).live).toBe(true)
		expect(() => parseConfig({ ...LIVE, DATA_DIR: dataDir(), PAYMENT_PROVIDER: 'sandbox' })).toThrowError(/PAYMENT_PROVIDER: cannot be sandbox/)
	})

	test('razorpay needs its key pair and webhook secret, each named when missing, and a live key when live', () => {
		const keys = {
			PAYMENT_PROVIDER: 'razorpay',
			RAZORPAY_KEY_ID: 'rzp_live_AbCdEf012345',
			RAZORPAY_KEY_SECRET: 'a-key-secret-from-razorpay',
			RAZORPAY_WEBHOOK_SECRET: 'a-webhook-secret',
		}
		expect(() => parseConfig({ ...LIVE, DATA_DIR: dataDir(), ...keys, RAZORPAY_WEBHOOK_SECRET: '' })).toThrowError(
			/RAZORPAY_WEBHOOK_SECRET: is required with PAYMENT_PROVIDER=razorpay/,
		)
		expect(() => parseConfig({ ...LIVE, DATA_DIR: dataDir(), ...keys, RAZORPAY_KEY_SECRET: undefined })).toThrowError(/RAZORPAY_KEY_SECRET: is required/)
		expect(() => parseConfig({ ...LIVE, DATA_DIR: dataDir(), ...keys, RAZORPAY_KEY_ID: 'rzp_test_AbCdEf012345' })).toThrowError(
			/RAZORPAY_KEY_ID: is a test key/,
		)
		const razorpay = parseConfig({ ...LIVE, DATA_DIR: dataDir(), ...keys }).settings.payments
		expect(razorpay).toMatchObject({
			provider: 'razorpay',
			holdMinutes: 15,
			razorpay: { apiUrl: 'https://api.razorpay.com', checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js', reconcileMinutes: 15 },
		})
	})

	test('a seat is held at least 5 minutes for a live branch; a trial may watch a hold lapse sooner', () => {
		expect(() => parseConfig({ ...LIVE, DATA_DIR: dataDir(), PAYMENT_HOLD_MINUTES: '2' })).toThrowError(
			/PAYMENT_HOLD_MINUTES: must be at least 5 for a live deployment/,
		)
		expect(parseConfig({ DATA_DIR: dataDir(), PAYMENT_HOLD_MINUTES: '0.5' }).settings.payments.holdMinutes).toBe(0.5)
	})

	test('a GSTIN is checked by its check character; an RSA key must be 4096-bit', () => {
		expect(() => parseConfig({ DATA_DIR: dataDir(), BRANCH_GSTIN: '27AAATS4821K1Z3' })).toThrowError(/BRANCH_GSTIN: has a wrong check character/)
		expect(parseConfig({ DATA_DIR: dataDir(), BRANCH_GSTIN: '27aapfu0939f1zv' }).settings.billing.gstin).toBe('27AAPFU0939F1ZV')
		const small = generateKeyPairSync('rsa', {
			modulusLength: 2048,
			privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
			publicKeyEncoding: { type: 'spki', format: 'pem' },
		})
		expect(() => parseConfig({ DATA_DIR: dataDir(), RSA_PRIVATE_KEY: small.privateKey })).toThrowError(/RSA_PRIVATE_KEY: must be a 4096-bit RSA private key/)
	})

	test('demo content: on by default in a trial, which DEMO_CONTENT may turn off; never live', () => {
		const production = LIVE
		expect(parseConfig({ DATA_DIR: dataDir() }).demoContent).toBe(true)
		expect(parseConfig({ DATA_DIR: dataDir(), ...production }).demoContent).toBe(false)
		expect(parseConfig({ DATA_DIR: dataDir(), ...production, DEMO_CONTENT: 'off' }).demoContent).toBe(false)
		expect(parseConfig({ DATA_DIR: dataDir(), DEMO_CONTENT: 'off' }).demoContent).toBe(false)
		expect(() => parseConfig({ DATA_DIR: dataDir(), DEMO_CONTENT: 'maybe' })).toThrowError(/DEMO_CONTENT: must be on or off/)
	})

	test('backups: nightly when live on PGlite or when BACKUP_DIR is set, into DATA_DIR/backups unless told, kept 14 days', () => {
		const dir = dataDir()
		expect(parseConfig({ DATA_DIR: dir }).backups).toEqual({ dir: path.join(dir, 'backups'), nightly: false, keepDays: 14 })
		expect(parseConfig({ DATA_DIR: dir, ...LIVE }).backups).toEqual({ dir: path.join(dir, 'backups'), nightly: true, keepDays: 14 })
		// On PostgreSQL the server's own backups may be the way: nightly only when asked for.
		expect(parseConfig({ DATA_DIR: dir, ...LIVE, DATABASE_URL: 'postgres://localhost/portal' }).backups.nightly).toBe(false)
		expect(parseConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://localhost/portal', BACKUP_DIR: '/mnt/backups' }).backups).toEqual({
			dir: '/mnt/backups',
			nightly: true,
			keepDays: 14,
		})
		expect(parseConfig({ DATA_DIR: dir, BACKUP_DIR: 'relative/backups', BACKUP_KEEP: '30' }).backups).toEqual({
			dir: path.resolve('relative/backups'),
			nightly: true,
			keepDays: 30,
		})
	})

	test('an https public address turns on secure cookies and HSTS', () => {
		const config = parseConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://portal.example.org' })
		expect(config.https).toBe(true)
		expect(config.mediaBaseUrl).toBe('https://portal.example.org/media/')
	})

	test("TRUST_PROXY: which proxies' forwarded headers are believed; none unless named", () => {
		const trustProxy = (value?: string) => parseConfig({ DATA_DIR: dataDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy
		expect(trustProxy()).toBe(false)
		expect(trustProxy('off')).toBe(false)
		expect(trustProxy('1')).toBe(1)
		expect(trustProxy(' 10.1.2.0/24, 192.0.2.7 ,loopback, 2001:db8::/32 ')).toEqual(['10.1.2.0/24', '192.0.2.7', 'loopback', '2001:db8::/32'])
		// Express's names for whole private networks would believe any client there.
		for (const bad of [
			'true',
			'*',
			'0',
			'11',
			'proxy.example.org',
			'10.0.0.0/33',
			'10.0.0.0/8/1',
			'loopback,',
			'300.1.1.1',
			'uniquelocal',
			'linklocal',
			'loopback, uniquelocal',
		]) {
			expect(() => trustProxy(bad), bad).toThrowError(/TRUST_PROXY: must be off, a number of proxies \(1 to 10\), or the proxies' addresses and subnets/)
		}
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
		const escaped = keys.privateKey.replace(/\n/g, '\\n')
		expect(parseConfig({ DATA_DIR: dataDir(), RSA_PRIVATE_KEY: escaped }).rsa().publicKeyPem.trim()).toBe(keys.publicKey.trim())
		const other = generateKeyPairSync('rsa', {
			modulusLength: 2048,
			publicKeyEncoding: { type: 'spki', format: 'pem' },
			privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
		})
		const config = parseConfig({ DATA_DIR: dataDir(), RSA_PRIVATE_KEY: keys.privateKey, RSA_PUBLIC_KEY: other.publicKey })
		expect(() => config.rsa()).toThrowError(/RSA_PRIVATE_KEY/)
	})

	test('mail goes to the outbox unless SMTP_URL is set; the sender defaults to the branch', () => {
		const config = parseConfig({ DATA_DIR: dataDir() })
		expect(config.smtpUrl).toBeUndefined()
		expect(config.mailFrom).toBe('Sahyadri Regional Branch <no-reply@localhost>')
		expect(parseConfig({ DATA_DIR: dataDir(), SMTP_URL: 'smtp://127.0.0.1:2525' }).smtpUrl).toBe('smtp://127.0.0.1:2525')
	})
})

describe('OFFICE_USERS', () => {
	/** The lowest cost OFFICE_USERS accepts, so the tests stay quick. */
	const COST = { N: 2 ** 15, r: 8, p: 1 }
	let hashA: string
	let hashB: string
	beforeAll(async () => {
		;[hashA, hashB] = await Promise.all([hashPassword('first office secret', COST), hashPassword('second office secret', COST)])
	})
	const configWith = (OFFICE_USERS: string) => parseConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'office-config-')), OFFICE_USERS })

	test('is read as a JSON list; usernames are lower-cased; unset means none', () => {
		const config = configWith(
			JSON.stringify([
				{ username: 'Priya.S', fullName: 'Priya Sathe', passwordHash: hashA },
				{ username: 'ravi', fullName: 'Ravi Patil', passwordHash: hashB, disabled: true },
			]),
		)
		expect(config.officeUsers).toEqual([
			{ username: 'priya.s', fullName: 'Priya Sathe', passwordHash: hashA, role: 'editor' },
			{ username: 'ravi', fullName: 'Ravi Patil', passwordHash: hashB, role: 'editor', disabled: true },
		])
		expect(parseConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'office-config-')) }).officeUsers).toEqual([])
	})

	test.each([
		['not JSON', 'priya:scrypt$1', /OFFICE_USERS: must be JSON/],
		['not a list', '{"username":"priya"}', /OFFICE_USERS: /],
		['a bad username', () => JSON.stringify([{ username: '1x', fullName: 'X', passwordHash: hashA }]), /OFFICE_USERS\.0\.username: /],
		[
			'a password in clear',
			JSON.stringify([{ username: 'priya', fullName: 'Priya', passwordHash: 'first office secret' }]),
			/OFFICE_USERS\.0\.passwordHash: must be a scrypt hash/,
		],
		['a cheap hash', JSON.stringify([{ username: 'priya', fullName: 'Priya', passwordHash: 'scrypt$1024$8$1$c2FsdA==$a2V5' }]), /N at least 2\^15/],
		['a field it does not know', () => JSON.stringify([{ username: 'priya', fullName: 'Priya', passwordHash: hashA, password: 'x' }]), /OFFICE_USERS\.0: /],
		[
			'a username twice',
			() => JSON.stringify([1, 2].map(() => ({ username: 'priya', fullName: 'Priya', passwordHash: hashA }))),
			/OFFICE_USERS: lists a username twice/,
		],
	])('refuses %s, naming the variable', (_, value, message) => {
		expect(() => configWith(typeof value === 'function' ? value() : value)).toThrowError(message)
	})
})
