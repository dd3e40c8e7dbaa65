// Demo content of the fictional branch, written once into an empty database.
import { sql } from 'drizzle-orm'
import type { Database } from './client'
import { DEMO_PAGES } from './demo-pages'
import { pages } from './schema'
import { seedAccounts } from './seed-accounts'
import { seedCommittees } from './seed-committees'
import { seedEvents } from './seed-events'
import { seedGallery } from './seed-gallery'
import { seedNewsletters } from './seed-newsletters'
import { seedPaymentsDemo } from './seed-payments-demo'

/** Seeds an empty database in one transaction; returns whether it wrote anything. */
export async function seedDemoContent(db: Database) {
	return db.transaction(async (tx) => {
		// Several instances may start together on one PostgreSQL: only one of them seeds.
		await tx.execute(sql`select pg_advisory_xact_lock(724011)`)
		const [existing] = await tx.select({ slug: pages.slug }).from(pages).limit(1)
		if (existing) return false
		await tx.insert(pages).values(DEMO_PAGES)
		await seedCommittees(tx)
		await seedEvents(tx)
		await seedAccounts(tx)
		await seedGallery(tx)
		await seedNewsletters(tx)
		await seedPaymentsDemo(tx)
		return true
	})
}
