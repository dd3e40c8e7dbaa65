// Event registration in tests: the API on a fresh database with the dashboard's configuration
// (sandbox or offline payments), events made for each rule, and signed sandbox callbacks.
import pino from 'pino'
import { createApi } from '~/api/app'
import type { BranchSettings, RazorpaySettings } from '~/api/branch-settings'
import type { Database } from '~/api/db/client'
import { events } from '~/api/db/schema'
import { eventSearchText } from '~/api/events/service'
import { signCallback } from '~/api/payments/providers'
import type { PaymentProvider } from '~/contract/payments'
import type { CallbackOutcome } from '~/contract/registrations'
import { TEST_SETTINGS } from './accounts'
import { createTestDatabase } from './database'
import type { MailDeps } from '~/api/env'

export const HOUR = 3_600_000
export const DAY = 24 * HOUR

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field in the tests
type Answer = { message: string; data?: any; errors?: Record<string, string[]> }

/** The API twice on one database: paying through the sandbox (the default) and at the office. */
/** `mail` when a test looks at the mails its calls queue. */
export async function createRegistrationApi({ razorpay, mail }: { razorpay?: RazorpaySettings; mail?: MailDeps } = {}) {
	const database = await createTestDatabase()
	const log = pino({ level: 'silent' })
	const apiWith = (provider: PaymentProvider) =>
		createApi({
			db: database.db,
			mediaBaseUrl: 'http://localhost/media/',
			log,
			mail,
			settings: { ...TEST_SETTINGS, payments: { ...TEST_SETTINGS.payments, provider, razorpay } } satisfies BranchSettings,
		})
	const apis: Record<PaymentProvider, ReturnType<typeof apiWith>> = { sandbox: apiWith('sandbox'), offline: apiWith('offline'), razorpay: apiWith('razorpay') }
	type CallOptions = { method?: string; token?: string; provider?: PaymentProvider; raw?: string }
	const call = async (path: string, body?: Record<string, unknown>, { method, token, provider = 'sandbox', raw }: CallOptions = {}) => {
		const payload = raw ?? (body ? JSON.stringify(body) : undefined)
		const response = await apis[provider].fetch(
			new Request(`http://in-process/api${path}`, {
				method: method ?? (payload === undefined ? 'GET' : 'POST'),
				headers: { ...(token ? { authorization: token } : {}), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
				body: payload,
			}),
		)
		return { status: response.status, body: (await response.json()) as Answer }
	}
	return { db: database.db, call, apis, close: () => database.close() }
}

/** An event starting at `start` (a time, or milliseconds from now), 2 hours long, fee ₹1,000 unless told. */
export async function insertTestEvent(db: Database, start: number | Date, fields: Partial<typeof events.$inferInsert> = {}) {
	const startsAt = typeof start === 'number' ? new Date(Date.now() + start) : start
	const row = {
		title: `Test event ${startsAt.toISOString()}`,
		summary: 'A test event',
		category: 'Seminar' as const,
		description: ['About it.'],
		startsAt,
		endsAt: new Date(startsAt.getTime() + 2 * HOUR),
		venueName: 'Accountants’ Bhavan',
		venueAddress: '14 Tilak Road, Pune 411030',
		city: 'Pune',
		mapUrl: 'https://www.google.com/maps/search/?api=1&query=Pune',
		cpeHours: 2,
		feePaise: 100_000,
		...fields,
	}
	const [event] = await db
		.insert(events)
		.values({ ...row, searchText: eventSearchText(row) })
		.returning()
	return event!
}

/** A sandbox callback signed with the test secret (or `secret`), timed now unless told. */
export function signedCallback(
	fields: { sReference: string; sOutcome: CallbackOutcome; nAmountPaise: number; nTimestamp?: number },
	secret = TEST_SETTINGS.payments.callbackSecret,
) {
	const callback = { ...fields, nTimestamp: fields.nTimestamp ?? Math.floor(Date.now() / 1000) }
	return { ...callback, sSignature: signCallback(secret, callback) }
}
