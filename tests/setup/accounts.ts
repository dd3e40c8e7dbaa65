// The branch API with its accounts part, for tests: a fresh database, a key pair made once per
// file, a real SMTP sink behind nodemailer, and a cheap password cost (one test checks the real one).
import { generateKeyPairSync } from 'node:crypto'
import pino from 'pino'
import { createMailer } from '~/api/accounts/mailer'
import { loadPrivateKey } from '~/api/accounts/crypto'
import { createApi } from '~/api/app'
import { encryptPasswords } from '~/.server/accounts'
import { otpOf, startSmtpSink } from '../../scripts/smtp-sink.mjs'
import { createTestDatabase } from './database'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field in the tests
type Answer = { message: string; data?: any; errors?: Record<string, string[]> }

export const TEST_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 }

export async function createAccountsApi({ log = pino({ level: 'silent' }) } = {}) {
	const database = await createTestDatabase()
	const sink = await startSmtpSink()
	const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 4096, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } })
	const api = createApi({
		db: database.db,
		mediaBaseUrl: 'http://localhost/media/',
		log,
		accounts: {
			privateKey: loadPrivateKey(privateKey),
			publicKeyPem: publicKey,
			mailer: createMailer({ smtpUrl: sink.url, outboxDir: '/nonexistent', from: 'Test <no-reply@test.example>', log }),
			passwordCost: TEST_PASSWORD_COST,
			branchName: 'Test Branch',
		},
	})
	type CallOptions = { method?: string; token?: string; clientAddress?: string; raw?: BodyInit; headers?: Record<string, string> }
	/** A JSON call; password fields are encrypted as the portal does it. */
	const call = async (path: string, body?: Record<string, unknown>, { method, token, clientAddress = '203.0.113.7', raw, headers = {} }: CallOptions = {}) => {
		const init: RequestInit = { method: method ?? (body || raw !== undefined ? 'POST' : 'GET'), headers: { ...(token ? { authorization: token } : {}), ...headers } }
		if (raw !== undefined) init.body = raw
		else if (body) {
			init.body = JSON.stringify(encryptPasswords(publicKey, body))
			;(init.headers as Record<string, string>)['content-type'] = 'application/json'
		}
		const response = await api.fetch(new Request(`http://in-process/api${path}`, init), { clientAddress })
		return { status: response.status, headers: response.headers, body: (await response.json()) as Answer }
	}
	/** The OTP in the last mail to an address. */
	const lastOtp = (email: string) => otpOf(sink.for(email).at(-1))
	const close = async () => {
		await sink.close()
		await database.close()
	}
	return { api, call, db: database.db, sink, publicKey, lastOtp, close }
}
