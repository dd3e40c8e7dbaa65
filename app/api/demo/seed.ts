// Demo content of the fictional branch, written once into an empty database.
import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { recordDemoSeed } from './demo-removal'
import { DEMO_PAGES } from './demo-pages'
import { accounts, committees, events, pages } from '../db/schema'
import { seedAccounts } from './seed-accounts'
import { seedAnnouncements } from './seed-announcements'
import { seedCommittees } from './seed-committees'
import { seedCpe } from './seed-cpe'
import { seedEvents } from './seed-events'
import { seedGallery } from './seed-gallery'
import { seedNewsletters } from './seed-newsletters'
import { seedWelcomePopup } from './seed-popup'
import { DEMO_BILLING, seedRegistrations, type SeedBilling } from './seed-registrations'

/** Seeds an empty database in one transaction; returns whether it wrote anything. */
export async function seedDemoContent(db: Database, billing: SeedBilling = DEMO_BILLING) {
	return db.transaction(async (tx) => {
		// Several instances may start together on one PostgreSQL: only one of them seeds.
		await tx.execute(sql`select pg_advisory_xact_lock(724011)`)
		// Only into an empty database: never beside content the branch made (or after the demo was removed and the branch began).
		for (const table of [pages, events, accounts, committees]) {
			if (
				(
					await tx
						.select({ one: sql`1` })
						.from(table)
						.limit(1)
				).length > 0
			)
				return false
		}
		await tx.insert(pages).values(DEMO_PAGES)
		await seedCommittees(tx)
		await seedEvents(tx)
		await seedAccounts(tx)
		await seedGallery(tx)
		await seedNewsletters(tx)
		// Registrations and payments before CPE: its seeder marks the demo member's past registrations attended.
		await seedRegistrations(tx, billing)
		await seedCpe(tx)
		await seedAnnouncements(tx)
		await seedWelcomePopup(tx)
		await recordDemoSeed(tx)
		return true
	})
}
