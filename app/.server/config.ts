// Configuration from the environment, validated once at start (docs/configuration.md).
import { createHmac, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { defaultBackupDir, RAZORPAY_API_URL, RAZORPAY_CHECKOUT_SCRIPT, staffSettingsFromText, type BranchSettings, type RazorpaySettings } from '~/api'
import { GSTIN_PATTERN, hasValidGstinCheck } from '~/contract/accounts'
import { PAYMENT_PROVIDERS } from '~/contract/payments'
import type { BranchParticulars } from '~/utils/page-data'

const optionalUrl = z.url().optional()
const nonEmpty = z.string().trim().min(1)

/** The fictional branch a trial runs as; a live deployment must give its own particulars. */
const TRIAL_BRANCH = {
	BRANCH_NAME: 'Sahyadri Regional Branch',
	BRANCH_ADDRESS: "3rd Floor, Accountants' Bhavan, 14 Tilak Road, Sadashiv Peth, Pune 411030, Maharashtra",
	BRANCH_PHONE: '+91 20 2445 1200',
	BRANCH_EMAIL: 'office@sahyadri-branch.example.org',
	BRANCH_GSTIN: '27AAATS4821K1ZB',
	INVOICE_PREFIX: 'SRB',
	BRANCH_MAP_URL: 'https://www.openstreetmap.org/search?query=Tilak%20Road%20Pune',
	SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/example',
	SOCIAL_X_URL: 'https://x.com/example',
	SOCIAL_LINKEDIN_URL: 'https://www.linkedin.com/company/example',
	SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/example',
	SOCIAL_YOUTUBE_URL: 'https://www.youtube.com/@example',
} as const
const isProxyAddress = (item: string) => {
	const [address = '', prefix, ...rest] = item.split('/')
	const family = isIP(address)
	if (!family || rest.length > 0) return false
	return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128))
}
/**
 * Whose X-Forwarded-For, -Host and -Proto are believed (Express's `trust proxy`): `off` (the
 * default), a number of proxies in front, or the proxies' own addresses and subnets (`loopback` for
 * this machine's). Never a whole private network by name, nor everyone: any client there could then
 * pose as any other (rate limits) or name any host.
 */
const trustProxySchema = z
	.string()
	.trim()
	.transform((value, ctx): false | number | string[] => {
		if (value === 'off') return false
		if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 10) return Number(value)
		const items = value.split(',').map((item) => item.trim())
		if (items.every((item) => item === 'loopback' || isProxyAddress(item))) return items
		ctx.addIssue({
			code: 'custom',
			message: "must be off, a number of proxies (1 to 10), or the proxies' addresses and subnets (192.0.2.7, 10.1.2.0/24, loopback), separated by commas",
		})
		return z.NEVER
	})

const LIVE_REQUIRED = [
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
] as const
/** A live site on a loopback address is a test of one: plain http is allowed there. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

const envSchema = z
	.object({
		NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be production, development or test' }).optional(),
		// live: the real branch (secrets, mail, particulars required; no demo, no sandbox); trial:
		// embedded defaults for trying it out. Unset: live when NODE_ENV=production. Never the opposite of NODE_ENV.
		DEPLOYMENT: z.enum(['live', 'trial'], { error: 'must be live or trial' }).optional(),
		PORT: z.coerce.number().int().min(1).max(65535).default(3000),
		PUBLIC_URL: optionalUrl,
		DATA_DIR: nonEmpty.default('./data'),
		DATABASE_URL: z
			.string()
			.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
			.optional(),
		SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
		API_BASE_URL: optionalUrl,
		API_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(120),
		MEDIA_BASE_URL: optionalUrl,
		RSA_PUBLIC_KEY: z.string().includes('PUBLIC KEY', { message: 'must be a PEM public key' }).optional(),
		RSA_PRIVATE_KEY: z.string().includes('PRIVATE KEY', { message: 'must be a PEM private key' }).optional(),
		SMTP_URL: z
			.string()
			.regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
			.optional(),
		MAIL_FROM: z.string().trim().min(3).optional(),
		// Bulk mail (newsletter issues, reminders) is paced: mail providers limit how fast one sender may go.
		MAIL_RATE_PER_SECOND: z.coerce.number().min(0.1).max(1000).default(5),
		REMINDER_LEAD_HOURS: z.coerce
			.number()
			.min(1)
			.max(24 * 14)
			.default(24),
		WAITING_LIST_OFFER_HOURS: z.coerce
			.number()
			.min(1)
			.max(24 * 7)
			.default(24),
		// How soon a failed mail job is tried again (doubling each time) and how often idle workers look for work.
		JOB_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
		JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
		JOB_TICK_SECONDS: z.coerce.number().int().min(1).max(60).default(60),
		// Nightly backups (decision 0046): where they go, and for how many days they are kept.
		BACKUP_DIR: nonEmpty.optional(),
		BACKUP_KEEP: z.coerce
			.number({ error: 'must be a whole number of days' })
			.int('must be a whole number of days')
			.min(1, 'must be at least 1 day')
			.max(3650)
			.default(14),
		LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
		// No proxy is believed unless named (decision 0062): the portal may face its clients directly.
		TRUST_PROXY: trustProxySchema.default(false),
		BRANCH_NAME: nonEmpty.optional(),
		BRANCH_INSTITUTE: nonEmpty.default('Institute of Professional Accountants of India'),
		BRANCH_ADDRESS: nonEmpty.optional(),
		BRANCH_PHONE: nonEmpty.optional(),
		BRANCH_EMAIL: z.email().optional(),
		BRANCH_MAP_URL: optionalUrl,
		// Whom the privacy notice names for questions and complaints about personal data (India's DPDP Act 2023).
		BRANCH_GRIEVANCE_OFFICER: nonEmpty.max(200).optional(),
		BRANCH_GRIEVANCE_EMAIL: z.email().optional(),
		SOCIAL_FACEBOOK_URL: optionalUrl,
		SOCIAL_X_URL: optionalUrl,
		SOCIAL_LINKEDIN_URL: optionalUrl,
		SOCIAL_INSTAGRAM_URL: optionalUrl,
		SOCIAL_YOUTUBE_URL: optionalUrl,
		// Tax invoices: the branch's GST registration, the SAC code of its event services, the rate.
		BRANCH_GSTIN: z
			.string()
			.trim()
			.toUpperCase()
			.regex(GSTIN_PATTERN, 'must be a 15-character GSTIN')
			.refine(hasValidGstinCheck, 'has a wrong check character (the 15th): check it against the registration certificate')
			.optional(),
		BRANCH_STATE: z
			.string()
			.trim()
			.toUpperCase()
			.regex(/^[A-Z]{2}$/, 'must be a two-letter state code, e.g. MH')
			.default('MH'),
		GST_SAC_CODE: z
			.string()
			.trim()
			.regex(/^\d{6}$/, 'must be a 6-digit SAC code')
			.default('999293'),
		GST_RATE_PERCENT: z.coerce.number().min(0).max(28).multipleOf(0.01).default(18),
		// GST invoice numbers may not exceed 16 characters: 'SRB/26-27/00042' leaves 4 for the prefix.
		// A live branch's own: invoices numbered under the demo branch's prefix would not be its series.
		INVOICE_PREFIX: z
			.string()
			.trim()
			.regex(/^[A-Z0-9]{1,4}$/, 'must be 1 to 4 capital letters or digits')
			.optional(),
		PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).optional(),
		PAYMENT_CALLBACK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
		// Razorpay (decision 0054): the key pair from its dashboard and the secret its webhooks are signed with.
		RAZORPAY_KEY_ID: z
			.string()
			.trim()
			.regex(/^rzp_(test|live)_\w+$/, 'must be a Razorpay key id (rzp_test_… or rzp_live_…)')
			.optional(),
		RAZORPAY_KEY_SECRET: z.string().min(8, 'must be the key secret from the Razorpay dashboard').optional(),
		RAZORPAY_WEBHOOK_SECRET: z.string().min(8, 'must be the secret given to the webhook in the Razorpay dashboard').optional(),
		// Only for the test gateway (scripts/razorpay-gateway.mjs), in a trial: Razorpay's API otherwise.
		RAZORPAY_API_URL: z.url().optional(),
		PAYMENT_HOLD_MINUTES: z.coerce
			.number()
			.positive()
			.max(24 * 60)
			.default(15),
		// How long an unpaid order waits before the minute's check asks Razorpay about it; 0 in end-to-end tests.
		RAZORPAY_RECONCILE_MINUTES: z.coerce
			.number()
			.int()
			.min(0)
			.max(24 * 60)
			.default(15),
		// CPE requirements: hours per calendar year and per three-year block, and the structured part of each.
		CPE_YEAR_HOURS: z.coerce.number().int().min(0).max(1000).default(20),
		CPE_YEAR_STRUCTURED_HOURS: z.coerce.number().int().min(0).max(1000).default(10),
		CPE_BLOCK_HOURS: z.coerce.number().int().min(0).max(3000).default(120),
		CPE_BLOCK_STRUCTURED_HOURS: z.coerce.number().int().min(0).max(3000).default(60),
		CPE_FIRST_BLOCK_YEAR: z.coerce.number().int().min(2000).max(2100).default(2026),
		// Branch office staff (decision 0019), created or updated at start.
		OFFICE_USERS: staffSettingsFromText.optional(),
		// The fictional demo branch and its two accounts: a trial's, never live.
		DEMO_CONTENT: z.enum(['on', 'off', 'true', 'false', '1', '0'], { error: 'must be on or off' }).optional(),
	})
	.superRefine((env, ctx) => {
		// DEPLOYMENT may say what NODE_ENV leaves open (unset), never the opposite of it.
		if (env.DEPLOYMENT && env.NODE_ENV && (env.DEPLOYMENT === 'live') !== (env.NODE_ENV === 'production')) {
			const nodeEnvSays = env.NODE_ENV === 'production' ? 'a live start' : 'not a live start'
			ctx.addIssue({
				code: 'custom',
				path: ['DEPLOYMENT'],
				message: `is ${env.DEPLOYMENT}, but NODE_ENV=${env.NODE_ENV} says ${nodeEnvSays}: set one of them, or both alike`,
			})
		}
		if (isLive(env)) {
			// No secret, mail server or particular of the branch has a live default: a deployment brings its own.
			for (const name of LIVE_REQUIRED) {
				if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required for a live deployment (NODE_ENV=production)' })
			}
			const publicUrl = env.PUBLIC_URL ? new URL(env.PUBLIC_URL) : null
			if (publicUrl && publicUrl.protocol !== 'https:' && !LOOPBACK_HOSTS.has(publicUrl.hostname)) {
				ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'must be https:// for a live deployment (secure cookies and HSTS depend on it)' })
			}
			// The sandbox settles payments without money: never live.
			if (env.PAYMENT_PROVIDER === 'sandbox') {
				ctx.addIssue({ code: 'custom', path: ['PAYMENT_PROVIDER'], message: 'cannot be sandbox for a live deployment' })
			}
			// The demo accounts' passwords are published, and a demonstration asks nobody for two-factor sign-in.
			if (env.DEMO_CONTENT && isOn(env.DEMO_CONTENT)) {
				ctx.addIssue({
					code: 'custom',
					path: ['DEMO_CONTENT'],
					message: 'cannot be on for a live deployment: the demo accounts and their published passwords are for a trial',
				})
			}
			// The key secret goes wherever this points.
			if (env.RAZORPAY_API_URL && !isRazorpayApi(env.RAZORPAY_API_URL)) {
				ctx.addIssue({
					code: 'custom',
					path: ['RAZORPAY_API_URL'],
					message: `must be Razorpay's own API (${RAZORPAY_API_URL}) for a live deployment: the key secret is sent there. Another address (the test gateway) is for a trial`,
				})
			}
		}
		if (env.PAYMENT_PROVIDER === 'razorpay') {
			for (const name of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const) {
				if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required with PAYMENT_PROVIDER=razorpay' })
			}
			if (isLive(env) && env.RAZORPAY_KEY_ID?.startsWith('rzp_test_'))
				ctx.addIssue({ code: 'custom', path: ['RAZORPAY_KEY_ID'], message: 'is a test key: a live deployment takes money with an rzp_live_ key' })
		}
		// Shorter holds are for trials and tests that watch one lapse; a member needs minutes to pay.
		if (isLive(env) && env.PAYMENT_HOLD_MINUTES < 5)
			ctx.addIssue({ code: 'custom', path: ['PAYMENT_HOLD_MINUTES'], message: 'must be at least 5 for a live deployment: a member needs time to pay' })
		if (env.RSA_PRIVATE_KEY && rsaBits(env.RSA_PRIVATE_KEY) !== 4096) {
			ctx.addIssue({ code: 'custom', path: ['RSA_PRIVATE_KEY'], message: 'must be a 4096-bit RSA private key in PEM form' })
		}
		if (env.RSA_PUBLIC_KEY && !env.RSA_PRIVATE_KEY) {
			ctx.addIssue({ code: 'custom', path: ['RSA_PRIVATE_KEY'], message: 'is required with RSA_PUBLIC_KEY' })
		}
	})

function razorpaySettings(e: {
	RAZORPAY_KEY_ID?: string
	RAZORPAY_KEY_SECRET?: string
	RAZORPAY_WEBHOOK_SECRET?: string
	RAZORPAY_API_URL?: string
	RAZORPAY_RECONCILE_MINUTES: number
}): RazorpaySettings | undefined {
	if (!e.RAZORPAY_KEY_ID || !e.RAZORPAY_KEY_SECRET || !e.RAZORPAY_WEBHOOK_SECRET) return undefined
	const apiUrl = (e.RAZORPAY_API_URL ?? RAZORPAY_API_URL).replace(/\/$/, '')
	// The test gateway serves its own stand-in for Razorpay's checkout script.
	const checkoutScriptUrl = isRazorpayApi(apiUrl) ? RAZORPAY_CHECKOUT_SCRIPT : `${apiUrl}/v1/checkout.js`
	return {
		keyId: e.RAZORPAY_KEY_ID,
		keySecret: e.RAZORPAY_KEY_SECRET,
		webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
		apiUrl,
		checkoutScriptUrl,
		reconcileMinutes: e.RAZORPAY_RECONCILE_MINUTES,
	}
}

function isLive(env: { DEPLOYMENT?: 'live' | 'trial'; NODE_ENV?: string }) {
	return env.DEPLOYMENT ? env.DEPLOYMENT === 'live' : env.NODE_ENV === 'production'
}

const isOn = (value: string) => ['on', 'true', '1'].includes(value)

/** Razorpay's API itself (https, its host, no path), however the address is written. */
const isRazorpayApi = (address: string) => URL.canParse(address) && new URL(address).href === new URL(RAZORPAY_API_URL).href

/** A PEM in an environment variable often arrives with its line breaks written as \n. */
const pem = (value: string) => value.replace(/\\n/g, '\n').trim()

function rsaBits(privatePem: string) {
	try {
		const key = createPrivateKey(pem(privatePem))
		return key.asymmetricKeyType === 'rsa' ? key.asymmetricKeyDetails?.modulusLength : undefined
	} catch {
		return undefined
	}
}

export class ConfigError extends Error {
	override name = 'ConfigError'
}

export type Config = ReturnType<typeof parseConfig>

/**
 * server.mjs sets NODE_ENV=production before React loads, so that its production build always
 * runs, and keeps here the NODE_ENV the portal was started with ('' when unset): that one tells live from trial.
 */
const STARTED_NODE_ENV = 'OPERATOR_NODE_ENV'

/** Validates an environment; throws a ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>) {
	const given = STARTED_NODE_ENV in env ? { ...env, NODE_ENV: env[STARTED_NODE_ENV] } : env
	// An empty variable means "unset", as it does in most deployment tools.
	const present = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== ''))
	const result = envSchema.safeParse(present)
	if (!result.success) {
		const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
		throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
	}
	const e = result.data
	const live = isLive(e)
	// A trial runs as the fictional branch wherever the branch's own particulars are not given.
	const particulars = { ...(live ? {} : TRIAL_BRANCH), ...Object.fromEntries(Object.entries(e).filter(([name]) => name in TRIAL_BRANCH)) } as Partial<
		Record<keyof typeof TRIAL_BRANCH, string>
	>
	const required = (name: keyof typeof TRIAL_BRANCH) => particulars[name] ?? ''
	const dataDir = path.resolve(e.DATA_DIR)
	const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`)
	const sessionSecret = e.SESSION_SECRET ?? localSecret(dataDir, 'session-secret')
	return {
		live,
		port: e.PORT,
		publicUrl,
		https: publicUrl.protocol === 'https:',
		dataDir,
		databaseUrl: e.DATABASE_URL,
		sessionSecret,
		apiBaseUrl: e.API_BASE_URL,
		apiTimeoutMs: e.API_TIMEOUT_SECONDS * 1000,
		rsa: rsaKeys(e.RSA_PUBLIC_KEY, e.RSA_PRIVATE_KEY, dataDir),
		smtpUrl: e.SMTP_URL,
		mailFrom: e.MAIL_FROM ?? `${required('BRANCH_NAME')} <no-reply@${publicUrl.hostname}>`,
		mail: { ratePerSecond: e.MAIL_RATE_PER_SECOND, reminderLeadHours: e.REMINDER_LEAD_HOURS, offerHoldHours: e.WAITING_LIST_OFFER_HOURS },
		jobs: { retryDelaySeconds: e.JOB_RETRY_SECONDS, pollingSeconds: e.JOB_POLL_SECONDS, tickSeconds: e.JOB_TICK_SECONDS },
		// Nightly when asked for, and always for a live branch on the embedded database, whose only copy
		// of its data is otherwise this disk; on PostgreSQL the server's own backups may be the way.
		backups: {
			dir: path.resolve(e.BACKUP_DIR ?? defaultBackupDir(dataDir)),
			nightly: Boolean(e.BACKUP_DIR) || (live && !e.DATABASE_URL),
			keepDays: e.BACKUP_KEEP,
		},
		mediaBaseUrl: e.MEDIA_BASE_URL ?? new URL('/media/', publicUrl).href,
		logLevel: e.LOG_LEVEL,
		trustProxy: e.TRUST_PROXY,
		officeUsers: e.OFFICE_USERS ?? [],
		demoContent: e.DEMO_CONTENT ? isOn(e.DEMO_CONTENT) : !live,
		settings: {
			billing: {
				gstin: required('BRANCH_GSTIN'),
				stateCode: e.BRANCH_STATE,
				sacCode: e.GST_SAC_CODE,
				gstRateBasisPoints: Math.round(e.GST_RATE_PERCENT * 100),
				invoicePrefix: required('INVOICE_PREFIX'),
			},
			payments: {
				provider: e.PAYMENT_PROVIDER ?? (live ? 'offline' : 'sandbox'),
				// Live has no sandbox; without a configured secret no callback there can ever verify.
				callbackSecret: e.PAYMENT_CALLBACK_SECRET ?? (live ? randomBytes(32).toString('base64url') : localSecret(dataDir, 'payment-callback-secret')),
				holdMinutes: e.PAYMENT_HOLD_MINUTES,
				razorpay: razorpaySettings(e),
			},
			// A key of its own, so a ticket's signature reveals nothing that signs sessions or links.
			documents: { ticketSecret: createHmac('sha256', sessionSecret).update('tickets').digest('base64url'), publicUrl: publicUrl.href },
			cpe: {
				yearHours: e.CPE_YEAR_HOURS,
				yearStructuredHours: e.CPE_YEAR_STRUCTURED_HOURS,
				blockHours: e.CPE_BLOCK_HOURS,
				blockStructuredHours: e.CPE_BLOCK_STRUCTURED_HOURS,
				firstBlockYear: e.CPE_FIRST_BLOCK_YEAR,
			},
		} satisfies Omit<BranchSettings, 'branch'>,
		branch: {
			name: required('BRANCH_NAME'),
			institute: e.BRANCH_INSTITUTE,
			address: required('BRANCH_ADDRESS'),
			phone: required('BRANCH_PHONE'),
			email: required('BRANCH_EMAIL'),
			mapUrl: particulars.BRANCH_MAP_URL ?? `https://www.openstreetmap.org/search?query=${encodeURIComponent(required('BRANCH_ADDRESS'))}`,
			grievance: { officer: e.BRANCH_GRIEVANCE_OFFICER ?? 'The branch secretary', email: e.BRANCH_GRIEVANCE_EMAIL ?? required('BRANCH_EMAIL') },
			// Accounts the branch does not have are left out of the footer.
			social: Object.fromEntries(
				Object.entries({
					Facebook: particulars.SOCIAL_FACEBOOK_URL,
					X: particulars.SOCIAL_X_URL,
					LinkedIn: particulars.SOCIAL_LINKEDIN_URL,
					Instagram: particulars.SOCIAL_INSTAGRAM_URL,
					YouTube: particulars.SOCIAL_YOUTUBE_URL,
				}).filter((entry): entry is [string, string] => Boolean(entry[1])),
			),
		} satisfies BranchParticulars,
	}
}

/**
 * The RSA key pair that protects passwords between the portal and the API (4096-bit). In a
 * trial it is generated once into DATA_DIR/secrets. Made on first use: generating takes a second.
 */
function rsaKeys(publicPem: string | undefined, privatePem: string | undefined, dataDir: string) {
	let keys: { publicKeyPem: string; privateKeyPem: string } | undefined
	return () => {
		keys ??= readRsaKeys(publicPem, privatePem, dataDir)
		return keys
	}
}

function readRsaKeys(publicPem: string | undefined, privatePem: string | undefined, dataDir: string) {
	const privateKeyPem = privatePem
		? pem(privatePem)
		: localSecret(
				dataDir,
				'rsa-private-key.pem',
				() =>
					generateKeyPairSync('rsa', {
						modulusLength: 4096,
						privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
						publicKeyEncoding: { type: 'spki', format: 'pem' },
					}).privateKey,
			)
	try {
		const derived = createPublicKey(createPrivateKey(privateKeyPem)).export({ type: 'spki', format: 'pem' }).toString()
		if (publicPem && createPublicKey(pem(publicPem)).export({ type: 'spki', format: 'pem' }).toString() !== derived) throw new Error('mismatch')
		return { privateKeyPem, publicKeyPem: derived }
	} catch {
		throw new ConfigError('Invalid configuration:\n  RSA_PRIVATE_KEY: not a readable PEM private key, or RSA_PUBLIC_KEY is not its public key')
	}
}

/** In a trial a missing secret is generated once and kept in DATA_DIR (never in the repo). */
function localSecret(dataDir: string, name: string, make = () => randomBytes(32).toString('base64url')) {
	const file = path.join(dataDir, 'secrets', name)
	if (!existsSync(file)) {
		mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
		try {
			writeFileSync(file, make(), { mode: 0o600, flag: 'wx' })
		} catch (error) {
			// Another instance starting beside this one wrote it first: use theirs.
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
		}
	}
	return readFileSync(file, 'utf8').trim()
}

let current: Config | undefined
export function getConfig(): Config {
	current ??= parseConfig(process.env)
	return current
}
