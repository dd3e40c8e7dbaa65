// Configuration from the environment, validated once at start (DESIGN.md "Configuration").
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { DashboardDeps } from '~/api/dashboard'
import { staffSettingsFromText } from '~/api/office/settings'
import { GSTIN_PATTERN } from '~/contract/accounts'
import { PAYMENT_PROVIDERS } from '~/contract/payments'

const optionalUrl = z.url().optional()
const nonEmpty = z.string().trim().min(1)

const envSchema = z
	.object({
		NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
		PORT: z.coerce.number().int().min(1).max(65535).default(3000),
		PUBLIC_URL: optionalUrl,
		DATA_DIR: nonEmpty.default('./data'),
		DATABASE_URL: z
			.string()
			.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
			.optional(),
		SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
		API_BASE_URL: optionalUrl,
		MEDIA_BASE_URL: optionalUrl,
		RSA_PUBLIC_KEY: z.string().includes('PUBLIC KEY', { message: 'must be a PEM public key' }).optional(),
		RSA_PRIVATE_KEY: z.string().includes('PRIVATE KEY', { message: 'must be a PEM private key' }).optional(),
		SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
		MAIL_FROM: z.string().trim().min(3).optional(),
		LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
		BRANCH_NAME: nonEmpty.default('Sahyadri Regional Branch'),
		BRANCH_INSTITUTE: nonEmpty.default('Institute of Professional Accountants of India'),
		BRANCH_ADDRESS: nonEmpty.default(
			"3rd Floor, Accountants' Bhavan, 14 Tilak Road, Sadashiv Peth, Pune 411030, Maharashtra",
		),
		BRANCH_PHONE: nonEmpty.default('+91 20 2445 1200'),
		BRANCH_EMAIL: z.email().default('office@sahyadri-branch.example.org'),
		BRANCH_MAP_URL: z.url().default('https://www.openstreetmap.org/search?query=Tilak%20Road%20Pune'),
		SOCIAL_FACEBOOK_URL: z.url().default('https://www.facebook.com/example'),
		SOCIAL_X_URL: z.url().default('https://x.com/example'),
		SOCIAL_LINKEDIN_URL: z.url().default('https://www.linkedin.com/company/example'),
		SOCIAL_INSTAGRAM_URL: z.url().default('https://www.instagram.com/example'),
		SOCIAL_YOUTUBE_URL: z.url().default('https://www.youtube.com/@example'),
		// Tax invoices (issue 5): the branch's GST registration, the SAC code of its event services, the rate.
		BRANCH_GSTIN: z.string().trim().toUpperCase().regex(GSTIN_PATTERN, 'must be a 15-character GSTIN').default('27AAATS4821K1Z3'),
		BRANCH_STATE: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'must be a two-letter state code, e.g. MH').default('MH'),
		GST_SAC_CODE: z.string().trim().regex(/^\d{6}$/, 'must be a 6-digit SAC code').default('999293'),
		GST_RATE_PERCENT: z.coerce.number().min(0).max(28).multipleOf(0.01).default(18),
		// GST invoice numbers may not exceed 16 characters: 'SRB/26-27/00042' leaves 4 for the prefix.
		INVOICE_PREFIX: z.string().trim().regex(/^[A-Z0-9]{1,4}$/, 'must be 1 to 4 capital letters or digits').default('SRB'),
		PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).optional(),
		PAYMENT_CALLBACK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
		// CPE requirements (issue 5): hours per calendar year and per three-year block, and the structured part of each.
		CPE_YEAR_HOURS: z.coerce.number().int().min(0).max(1000).default(20),
		CPE_YEAR_STRUCTURED_HOURS: z.coerce.number().int().min(0).max(1000).default(10),
		CPE_BLOCK_HOURS: z.coerce.number().int().min(0).max(3000).default(120),
		CPE_BLOCK_STRUCTURED_HOURS: z.coerce.number().int().min(0).max(3000).default(60),
		CPE_FIRST_BLOCK_YEAR: z.coerce.number().int().min(2000).max(2100).default(2026),
		// Branch office staff (decision 0019), created or updated at start.
		OFFICE_USERS: staffSettingsFromText.optional(),
		// The fictional demo branch and its two accounts: only when asked, never by default in production.
		DEMO_CONTENT: z.enum(['on', 'off', 'true', 'false', '1', '0'], { error: 'must be on or off' }).optional(),
	})
	.superRefine((env, ctx) => {
		// No secret has a production default: a deployment must bring its own.
		if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
			ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required when NODE_ENV=production' })
		}
		if (env.NODE_ENV === 'production' && !env.RSA_PRIVATE_KEY) {
			ctx.addIssue({ code: 'custom', path: ['RSA_PRIVATE_KEY'], message: 'is required when NODE_ENV=production' })
		}
		// The sandbox settles payments without money: never in production.
		if (env.NODE_ENV === 'production' && env.PAYMENT_PROVIDER === 'sandbox') {
			ctx.addIssue({ code: 'custom', path: ['PAYMENT_PROVIDER'], message: 'cannot be sandbox when NODE_ENV=production' })
		}
		if (env.RSA_PUBLIC_KEY && !env.RSA_PRIVATE_KEY) {
			ctx.addIssue({ code: 'custom', path: ['RSA_PRIVATE_KEY'], message: 'is required with RSA_PUBLIC_KEY' })
		}
	})

export class ConfigError extends Error {
	override name = 'ConfigError'
}

export type Config = ReturnType<typeof parseConfig>

/** Validates an environment; throws a ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>) {
	// An empty variable means "unset", as it does in most deployment tools.
	const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
	const result = envSchema.safeParse(present)
	if (!result.success) {
		const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
		throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
	}
	const e = result.data
	const dataDir = path.resolve(e.DATA_DIR)
	const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`)
	return {
		env: e.NODE_ENV,
		isProduction: e.NODE_ENV === 'production',
		port: e.PORT,
		publicUrl,
		https: publicUrl.protocol === 'https:',
		dataDir,
		databaseUrl: e.DATABASE_URL,
		sessionSecret: e.SESSION_SECRET ?? localSecret(dataDir, 'session-secret'),
		apiBaseUrl: e.API_BASE_URL,
		rsa: rsaKeys(e.RSA_PUBLIC_KEY, e.RSA_PRIVATE_KEY, dataDir),
		smtpUrl: e.SMTP_URL,
		mailFrom: e.MAIL_FROM ?? `${e.BRANCH_NAME} <no-reply@${publicUrl.hostname}>`,
		mediaBaseUrl: e.MEDIA_BASE_URL ?? new URL('/media/', publicUrl).href,
		logLevel: e.LOG_LEVEL,
		officeUsers: e.OFFICE_USERS ?? [],
		demoContent: e.DEMO_CONTENT ? ['on', 'true', '1'].includes(e.DEMO_CONTENT) : e.NODE_ENV !== 'production',
		dashboard: {
			billing: {
				gstin: e.BRANCH_GSTIN,
				stateCode: e.BRANCH_STATE,
				sacCode: e.GST_SAC_CODE,
				gstRateBasisPoints: Math.round(e.GST_RATE_PERCENT * 100),
				invoicePrefix: e.INVOICE_PREFIX,
			},
			payments: {
				provider: e.PAYMENT_PROVIDER ?? (e.NODE_ENV === 'production' ? 'offline' : 'sandbox'),
				// Production has no sandbox; without a configured secret no callback there can ever verify.
				callbackSecret: e.PAYMENT_CALLBACK_SECRET ?? (e.NODE_ENV === 'production' ? randomBytes(32).toString('base64url') : localSecret(dataDir, 'payment-callback-secret')),
			},
			cpe: {
				yearHours: e.CPE_YEAR_HOURS,
				yearStructuredHours: e.CPE_YEAR_STRUCTURED_HOURS,
				blockHours: e.CPE_BLOCK_HOURS,
				blockStructuredHours: e.CPE_BLOCK_STRUCTURED_HOURS,
				firstBlockYear: e.CPE_FIRST_BLOCK_YEAR,
			},
		} satisfies Omit<DashboardDeps, 'branch'>,
		branch: {
			name: e.BRANCH_NAME,
			institute: e.BRANCH_INSTITUTE,
			address: e.BRANCH_ADDRESS,
			phone: e.BRANCH_PHONE,
			email: e.BRANCH_EMAIL,
			mapUrl: e.BRANCH_MAP_URL,
			social: {
				Facebook: e.SOCIAL_FACEBOOK_URL,
				X: e.SOCIAL_X_URL,
				LinkedIn: e.SOCIAL_LINKEDIN_URL,
				Instagram: e.SOCIAL_INSTAGRAM_URL,
				YouTube: e.SOCIAL_YOUTUBE_URL,
			},
		},
	}
}

/**
 * The RSA key pair that protects passwords between the portal and the API (4096-bit). Outside
 * production it is generated once into DATA_DIR/secrets. Made on first use: generating takes a second.
 */
function rsaKeys(publicPem: string | undefined, privatePem: string | undefined, dataDir: string) {
	let keys: { publicKeyPem: string; privateKeyPem: string } | undefined
	return () => {
		keys ??= readRsaKeys(publicPem, privatePem, dataDir)
		return keys
	}
}

function readRsaKeys(publicPem: string | undefined, privatePem: string | undefined, dataDir: string) {
	// A PEM in an environment variable often arrives with its line breaks written as \n.
	const pem = (value: string) => value.replace(/\\n/g, '\n').trim()
	const privateKeyPem = privatePem
		? pem(privatePem)
		: localSecret(dataDir, 'rsa-private-key.pem', () =>
				generateKeyPairSync('rsa', { modulusLength: 4096, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey,
			)
	try {
		const derived = createPublicKey(createPrivateKey(privateKeyPem)).export({ type: 'spki', format: 'pem' }).toString()
		if (publicPem && createPublicKey(pem(publicPem)).export({ type: 'spki', format: 'pem' }).toString() !== derived) throw new Error('mismatch')
		return { privateKeyPem, publicKeyPem: derived }
	} catch {
		throw new ConfigError('Invalid configuration:\n  RSA_PRIVATE_KEY: not a readable PEM private key, or RSA_PUBLIC_KEY is not its public key')
	}
}

/** Outside production a missing secret is generated once and kept in DATA_DIR (never in the repo). */
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
