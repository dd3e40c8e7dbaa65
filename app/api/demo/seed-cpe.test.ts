// The demo member's CPE hours on a seeded database, read through the ledger call as the page does.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { CPE_PATHS, type CpeLedger } from '~/contract/cpe'
import { createAccountsApi } from '#tests/setup/accounts'
import { issueToken } from '../accounts/service'
import { accounts, eventRegistrations } from '../db/schema'
import { DEMO_MEMBER, seedAccounts } from './seed-accounts'
import { seedCpe } from './seed-cpe'
import { seedEvents } from './seed-events'

let t: Awaited<ReturnType<typeof createAccountsApi>>
const now = new Date()
beforeAll(async () => {
	t = await createAccountsApi()
	await seedEvents(t.db, now)
	await seedAccounts(t.db)
	await seedCpe(t.db, now)
})
afterAll(() => t.close())

test('the demo member has attended events and recorded hours this year and last', async () => {
	const [member] = await t.db
		.select()
		.from(accounts)
		.where(and(eq(accounts.userType, 'M'), eq(accounts.number, DEMO_MEMBER.number)))
	const { token } = await issueToken(t.db, member!.id)
	const ledger = (await t.call(CPE_PATHS.ledger, undefined, { token })).body.data as CpeLedger
	const entries = ledger.aBlocks.flatMap((block) => block.aYears.flatMap((year) => year.aEntries))
	const structured = entries.filter((entry) => entry.sKind === 'structured')
	expect(structured.map((entry) => entry.sDescription)).toEqual(
		expect.arrayContaining([
			'Study circle: Ind AS 116 leases',
			'Study circle: TDS and TCS after the Finance Act',
			'Study circle: GST on real estate transactions',
		]),
	)
	const years = new Set(entries.filter((entry) => entry.sKind === 'unstructured').map((entry) => Number(entry.dActivityDate.slice(0, 4))))
	expect([...years].sort()).toEqual([ledger.nCurrentYear - 1, ledger.nCurrentYear])
	expect(entries.every((entry) => entry.dActivityDate <= ledger.oEntryDates.dMaxDate)).toBe(true)

	// Only started events are attended, and a second run (another seeder registered first) adds no duplicates.
	await seedCpe(t.db, now)
	const registrations = await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.accountId, member!.id))
	expect(registrations).toHaveLength(3)
	expect(registrations.every((row) => row.status === 'confirmed' && row.attendedAt !== null)).toBe(true)
})
