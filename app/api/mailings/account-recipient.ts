// Mail about a person's own registrations and payments goes to the account as it is when the mail
// is sent: its current address and name, and nothing at all to a closed account.
import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '../db/client'
import { accounts } from '../db/schema'

export async function openAccount(db: Database, accountId: number) {
	const [account] = await db
		.select()
		.from(accounts)
		.where(and(eq(accounts.id, accountId), isNull(accounts.closedAt)))
	return account ?? null
}

/** A registration or payment mail's recipient: what the mailing needs to find the account again. */
export const accountRecipient = (account: { id: number; email: string; fullName: string }, details: Record<string, number>) => ({
	email: account.email,
	name: account.fullName,
	details: { accountId: account.id, ...details },
})
