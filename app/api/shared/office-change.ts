// An office change is its writes and their audit entry in one transaction: either both are kept or
// neither. When it changes what the public sees, the content version moves after the commit, so
// every instance drops the pages it kept (decision 0028).
import { contentChanged } from '../content-version'
import type { Database } from '../db/client'
import { recordAudit, type Actor, type AuditRecord } from './audit'

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/** What a change's writes give back: the answer, and the audit entry that says what was done. */
export type ChangeMade<T> = { result: T; audit: AuditRecord }

export async function officeChange<T>(
	db: Database,
	actor: Actor,
	write: (tx: Transaction) => Promise<ChangeMade<T>>,
	{ publicContent = true } = {},
): Promise<T> {
	const result = await db.transaction(async (tx) => {
		const made = await write(tx)
		await recordAudit(tx, actor, made.audit)
		return made.result
	})
	if (publicContent) await contentChanged(db)
	return result
}
