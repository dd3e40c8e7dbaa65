// The registration rush of `npm run bench`: 500 members asking for 100 seats in the same minute
// (each at a random moment of it; `windowSeconds: 0` sends all at once), through the branch API over real HTTP on loopback, on embedded PGlite in a scratch
// directory. Each person registers and, told the event is full, joins the waiting list; the time
// is per person, both calls together. Run by scripts/bench-rush.mjs through Vite's loader.
import { serve } from '@hono/node-server'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { asc, eq } from 'drizzle-orm'
import pino from 'pino'
import { issueToken } from '~/api/accounts/service'
import { createApi } from '~/api/app'
import type { BranchSettings } from '~/api/branch-settings'
import { openDatabase } from '~/api/db/client'
import { accounts, eventRegistrations, events, waitingListEntries } from '~/api/db/schema'
import { eventSearchText } from '~/api/events/service'
import type { PaymentProvider } from '~/contract/payments'
import { REGISTRATION_PATHS } from '~/contract/registrations'

const SETTINGS: Omit<BranchSettings, 'payments'> = {
	billing: { gstin: '27AAATS4821K1ZB', stateCode: 'MH', sacCode: '999293', gstRateBasisPoints: 1800, invoicePrefix: 'BEN' },
	cpe: { yearHours: 20, yearStructuredHours: 10, blockHours: 120, blockStructuredHours: 60, firstBlockYear: 2026 },
	documents: { ticketSecret: 'bench-only-ticket-secret-0123456789abcdef', publicUrl: 'http://bench.example/' },
	branch: { name: 'Bench Branch', institute: 'Bench Institute', address: '1 Bench Road, Pune', phone: '+91 20 0000 0000', email: 'office@bench.example' },
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

export async function benchRush({ seats, people, windowSeconds }: { seats: number; people: number; windowSeconds: number }) {
	const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-rush-'))
	const database = await openDatabase({ pgliteDir: dir })
	const log = pino({ level: 'silent' })
	try {
		const tokens = []
		for (let n = 0; n < people; n++) {
			const [account] = await database.db
				.insert(accounts)
				.values({
					userType: 'M',
					number: String(800000 + n),
					email: `rush${n}@bench.example`,
					fullName: `Rush ${n}`,
					mobileNumber: '9000000000',
					dob: '1990-01-01',
					stateCode: 'MH',
					city: 'Pune',
					passwordHash: 'scrypt$bench',
				})
				.returning()
			tokens.push((await issueToken(database.db, account!.id)).token)
		}
		const results = []
		for (const [name, feePaise, provider] of [
			['free seminar', 0, 'offline'],
			['paid, paying online (seats held)', 100_000, 'razorpay'],
		] as [string, number, PaymentProvider][]) {
			const api = createApi({
				db: database.db,
				mediaBaseUrl: 'http://localhost/media/',
				log,
				settings: { ...SETTINGS, payments: { provider, callbackSecret: 'bench-only-callback-secret-0123456789', holdMinutes: 15 } },
			})
			const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
				const started = serve({ fetch: api.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started))
			})
			const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
			const startsAt = new Date(Date.now() + 7 * 86_400_000)
			const row = {
				title: `Rush: ${name}`,
				summary: 'Bench',
				category: 'Seminar' as const,
				description: ['Bench'],
				startsAt,
				endsAt: new Date(startsAt.getTime() + 7_200_000),
				venueName: 'Hall',
				venueAddress: 'Pune',
				city: 'Pune',
				mapUrl: 'https://example.org',
				cpeHours: 2,
				feePaise,
				seatLimit: seats,
			}
			const [event] = await database.db
				.insert(events)
				.values({ ...row, searchText: eventSearchText(row) })
				.returning()
			const post = async (url: string, token: string) =>
				(await fetch(`${base}${url}`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: '{}' })).status
			const statuses: number[] = []
			const started = performance.now()
			const times = await Promise.all(
				tokens.map(async (token, n) => {
					// Spread over the window in arrival order, each at a random moment of its own slot.
					await new Promise((resolve) => setTimeout(resolve, ((n + Math.random()) * windowSeconds * 1000) / people))
					const asked = performance.now()
					const registered = await post(REGISTRATION_PATHS.register('member', event!.id), token)
					statuses.push(registered)
					if (registered === 409) statuses.push(await post(REGISTRATION_PATHS.waitingList('member', event!.id), token))
					return performance.now() - asked
				}),
			)
			const seconds = (performance.now() - started) / 1000
			await new Promise((resolve) => server.close(resolve))
			const registeredRows = await database.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, event!.id))
			const line = await database.db.select().from(waitingListEntries).where(eq(waitingListEntries.eventId, event!.id)).orderBy(asc(waitingListEntries.id))
			const sorted = times.sort((a, b) => a - b)
			results.push({
				name,
				seats,
				people,
				windowSeconds,
				registered: registeredRows.length,
				waiting: line.length,
				errors5xx: statuses.filter((s) => s >= 500).length,
				seconds,
				p50Ms: Math.round(percentile(sorted, 50)),
				p99Ms: Math.round(percentile(sorted, 99)),
				maxMs: Math.round(sorted.at(-1)!),
			})
		}
		return results
	} finally {
		await database.close()
		rmSync(dir, { recursive: true, force: true })
	}
}
