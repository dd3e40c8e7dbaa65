// The branch API with its accounts part, for tests: a fresh database, the run's key pair
// (tests/setup/test-keys.ts), a real SMTP sink behind nodemailer, and a cheap password cost (one test checks the real one).
import pino, { type Logger } from 'pino'
import { startJobQueue, type JobQueue, type JobSettings } from '~/api/jobs/queue'
import { runMailing } from '~/api/mailings/mailings'
import { renderMail } from '~/api/mail-messages'
import { createMailer, type Mailer } from '~/api/mail/mailer'
import { createPacer } from '~/api/mail/pacer'
import { loadPrivateKey } from '~/api/crypto/crypto'
import { sharedSignInPool, type SignInPool } from '~/api/crypto/sign-in-pool'
import { createApi } from '~/api/app'
import { issueToken } from '~/api/accounts/service'
import type { BranchSettings } from '~/api/branch-settings'
import type { Database } from '~/api/db/client'
import { accounts, staffUsers } from '~/api/db/schema'
import { issueStaffToken } from '~/api/auth/staff'
import { USER_TYPES, type Role } from '~/contract/constants'
import { encryptPasswords, encryptText } from '~/.server/password-encryption'
import { otpOf, startSmtpSink, type SinkGate } from '../../scripts/smtp-sink.mjs'
import { testKeys } from './test-keys'
import { createTestDatabase } from './database'
import type { StaffRole } from '~/contract/office/staff-roles'
import type { MailDeps } from '~/api/env'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field in the tests
type Answer = { message: string; data?: any; errors?: Record<string, string[]> }

export const TEST_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 }

/** The branch's settings in tests: a Maharashtra branch charging 18 %, the sandbox provider. */
export const TEST_SETTINGS: BranchSettings = {
	billing: { gstin: '27AAATS4821K1ZB', stateCode: 'MH', sacCode: '999293', gstRateBasisPoints: 1800, invoicePrefix: 'TST' },
	payments: { provider: 'sandbox', callbackSecret: 'test-only-payment-callback-secret-0123456789' },
	cpe: { yearHours: 20, yearStructuredHours: 10, blockHours: 120, blockStructuredHours: 60, firstBlockYear: 2026 },
	documents: { ticketSecret: 'test-only-ticket-secret-0123456789abcdef', publicUrl: 'http://portal.test/' },
	branch: {
		name: 'Test Branch',
		institute: 'Test Institute',
		address: '1 Test Road, Pune 411001, Maharashtra',
		phone: '+91 20 0000 0000',
		email: 'office@test.example',
	},
}

/** What mail needs in tests: the test branch and no real pacing. The queue is given late (it needs these to start), hence `queue.current`. */
export function testMailDeps(mailer: Mailer, queue: { current?: JobQueue }, ratePerSecond = 1000): MailDeps {
	return {
		mailer,
		jobs: { sendMailing: (mailingId, lane) => queue.current!.sendMailing(mailingId, lane) },
		pacer: createPacer(ratePerSecond),
		publicUrl: 'https://portal.test.example/',
		mediaBaseUrl: 'https://portal.test.example/media/',
		signingKey: 'test-only-mail-link-signing-key-0123456789',
		ticketSecret: TEST_SETTINGS.documents.ticketSecret,
		branch: TEST_SETTINGS.branch,
		billing: TEST_SETTINGS.billing,
		reminderLeadHours: 24,
		offerHoldHours: 24,
	}
}

let accountCount = 0
/**
 * A member or student written straight into the database, with a sign-in token, for tests of
 * calls that need one (registration through the API is tested in accounts.test.ts).
 */
export async function createTestAccount(db: Database, role: Role, fields: Partial<typeof accounts.$inferInsert> = {}) {
	accountCount += 1
	const number = role === 'member' ? String(700000 + accountCount) : `SRO${String(7000000 + accountCount)}`
	const [account] = await db
		.insert(accounts)
		.values({
			userType: USER_TYPES[role],
			number,
			email: `person${accountCount}-${role}@test.example`,
			fullName: `Test Person ${accountCount}`,
			mobileNumber: '9000000000',
			dob: '1990-01-01',
			stateCode: 'MH',
			city: 'Pune',
			passwordHash: 'scrypt$not-a-real-hash',
			...fields,
		})
		.returning()
	const { token } = await issueToken(db, account!.id)
	return { account: account!, token }
}

/** A staff user with a sign-in token, for the office's calls. */
/** An office user with a live token; an editor unless the role is given, as a new user is. */
export async function createTestStaff(db: Database, username = `staff${++accountCount}`, role: StaffRole = 'editor') {
	const [staff] = await db
		.insert(staffUsers)
		.values({ username, fullName: `Office ${username}`, passwordHash: 'scrypt$not-a-real-hash', role })
		.returning()
	const { token } = await issueStaffToken(db, staff!.id)
	return { staff: staff!, token }
}

/** Mail through the real job queue, fast enough for tests: retries after 1 s, workers look every half second. */
export const TEST_JOB_SETTINGS: JobSettings = { retryLimit: 3, retryDelaySeconds: 1, pollingSeconds: 0.5, maintenanceSeconds: 60, expireSeconds: 60 }

type TestApiOptions = {
	log?: Logger
	withMail?: { gate?: SinkGate; ratePerSecond?: number }
	signInPool?: SignInPool
	requireTwoFactor?: boolean
	settings?: BranchSettings
}

export async function createAccountsApi({
	log = pino({ level: 'silent' }),
	withMail,
	signInPool = sharedSignInPool(),
	requireTwoFactor,
	settings = TEST_SETTINGS,
}: TestApiOptions = {}) {
	const database = await createTestDatabase()
	const sink = await startSmtpSink({ gate: withMail?.gate })
	const { privateKey, publicKey } = testKeys()
	const mailer = createMailer({
		smtpUrl: sink.url,
		outboxDir: '/nonexistent',
		from: 'Test <no-reply@test.example>',
		signature: { name: 'Test Branch', address: '1 Test Road, Pune' },
		log,
	})
	const queue: { current?: JobQueue } = {}
	const mail: MailDeps | undefined = withMail && testMailDeps(mailer, queue, withMail.ratePerSecond)
	// The minute's tick is left to the tests, which run it at the moments they choose (runTick).
	const startJobs = async () => {
		if (!mail) return
		queue.current = await startJobQueue({
			database,
			log,
			settings: TEST_JOB_SETTINGS,
			handlers: { mailing: (mailingId, stopping) => runMailing(database.db, mail, renderMail, mailingId, stopping), tick: async () => {} },
		})
	}
	await startJobs()
	/** Stops the workers and starts new ones on the same database, as a restarted portal would. */
	const restartJobs = async () => {
		await queue.current?.stop()
		await startJobs()
	}
	const api = createApi({
		db: database.db,
		mediaBaseUrl: 'http://localhost/media/',
		log,
		accounts: {
			privateKey: loadPrivateKey(privateKey),
			publicKeyPem: publicKey,
			mailer,
			passwordCost: TEST_PASSWORD_COST,
			signInPool,
			branchName: 'Test Branch',
		},
		settings,
		mail,
		requireTwoFactor,
	})
	type CallOptions = { method?: string; token?: string; clientAddress?: string; raw?: BodyInit; headers?: Record<string, string> }
	/** A JSON call; password fields are encrypted as the portal does it. */
	const call = async (path: string, body?: Record<string, unknown>, { method, token, clientAddress = '203.0.113.7', raw, headers = {} }: CallOptions = {}) => {
		const init: RequestInit = {
			method: method ?? (body || raw !== undefined ? 'POST' : 'GET'),
			headers: { ...(token ? { authorization: token } : {}), ...headers },
		}
		if (raw !== undefined) init.body = raw
		else if (body) {
			init.body = JSON.stringify(encryptPasswords(publicKey, body))
			;(init.headers as Record<string, string>)['content-type'] = 'application/json'
		}
		const response = await api.fetch(new Request(`http://in-process/api${path}`, init), { clientAddress })
		return { status: response.status, headers: response.headers, body: (await response.json()) as Answer }
	}
	/** One value encrypted as the portal encrypts a password field, for bodies a test writes by hand. */
	const encrypt = (text: string) => encryptText(publicKey, text)
	/** The OTP in the last mail to an address. */
	const lastOtp = (email: string) => otpOf(sink.for(email).at(-1))
	const close = async () => {
		await queue.current?.stop()
		await sink.close()
		await database.close()
	}
	return { api, call, db: database.db, sink, publicKey, encrypt, lastOtp, mail, restartJobs, close }
}
