// Every office change is written here with who made it, in the same transaction as the change; so
// are a member's or student's requests about their own data (downloads, closing the account), which
// the office must be able to see.
import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import { AUDIT_PAGE_SIZE, type AuditEntry, type auditQuerySchema } from '~/contract/office/staff'
import type { Database } from '../db/client'
import { auditLog } from '../db/schema'

export type AuditRecord = {
	action: string
	entity: string
	entityId?: number | string | null
	summary: string
	/** A member's or student's name, number or e-mail that the summary holds: erased from it when they close their account. */
	particulars?: string[]
}
/** A staff user, or (id null) someone else named by a label no username can take (it has a space). */
export type Actor = { id: number | null; username: string }
/** The member or student the entry is about, acting on their own account; the entry names the account, never the person. */
export const ACCOUNT_HOLDER: Actor = { id: null, username: 'account holder' }
/** Whoever is signing in to the office, not known until both steps pass (a wrong code is audited). */
export const OFFICE_SIGN_IN: Actor = { id: null, username: 'office sign-in' }
/** Whoever ran `npm run office` on the server. */
export const COMMAND_LINE: Actor = { id: null, username: 'command line' }

export async function recordAudit(db: Pick<Database, 'insert'>, actor: Actor, record: AuditRecord) {
	await db.insert(auditLog).values({
		staffId: actor.id,
		staffUsername: actor.username,
		action: record.action,
		entity: record.entity,
		entityId: record.entityId === undefined || record.entityId === null ? null : String(record.entityId),
		summary: record.summary.slice(0, 500),
		particulars: record.particulars?.length ? record.particulars : null,
	})
}

/** What an erased particular reads as in a summary. */
export const ERASED = '(erased)'

/**
 * Erases a person's particulars from the entries that hold them, keeping each entry, its action and
 * its record id. In the entries `about` their records, the particulars given and those each entry
 * kept when written (an earlier name, before the office corrected it) are erased; `unmistakable`
 * ones (an e-mail address: nobody else's) from every entry.
 */
export async function eraseParticulars(db: Database, { about, particulars, unmistakable }: { about: SQL; particulars: string[]; unmistakable: string[] }) {
	const holds = unmistakable.map((text) => sql`strpos(${auditLog.summary}, ${text}) > 0`)
	const rows = await db
		.select({ id: auditLog.id, summary: auditLog.summary, particulars: auditLog.particulars, about: sql<boolean>`coalesce(${about}, false)` })
		.from(auditLog)
		.where(or(about, ...holds))
	for (const row of rows) {
		const erased = row.about ? [...(row.particulars ?? []), ...particulars, ...unmistakable] : unmistakable
		// Longest first: a name that holds a number is erased whole.
		const summary = erased
			.filter(Boolean)
			.sort((a, b) => b.length - a.length)
			.reduce((text, particular) => text.split(particular).join(ERASED), row.summary)
		await db
			.update(auditLog)
			.set({ summary, particulars: row.about ? null : (row.particulars?.filter((particular) => !unmistakable.includes(particular)) ?? null) })
			.where(eq(auditLog.id, row.id))
	}
}

export async function listAudit(db: Database, { oFilter, oPaging }: z.output<typeof auditQuerySchema>) {
	const conditions: SQL[] = []
	if (oFilter.iStaffId) conditions.push(eq(auditLog.staffId, oFilter.iStaffId))
	if (oFilter.sEntity) conditions.push(eq(auditLog.entity, oFilter.sEntity))
	const where = and(...conditions)
	const [rows, [total], entities] = await Promise.all([
		db
			.select()
			.from(auditLog)
			.where(where)
			.orderBy(desc(auditLog.at), desc(auditLog.id))
			.limit(AUDIT_PAGE_SIZE)
			.offset((oPaging.nPage - 1) * AUDIT_PAGE_SIZE),
		db.select({ n: count() }).from(auditLog).where(where),
		db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(auditLog.entity),
	])
	const aEntries: AuditEntry[] = rows.map((row) => ({
		iAuditId: row.id,
		dAt: row.at.toISOString(),
		sStaffUsername: row.staffUsername,
		sAction: row.action,
		sEntity: row.entity,
		sEntityId: row.entityId,
		sSummary: row.summary,
	}))
	return { aEntries, nTotal: total?.n ?? 0, nPage: oPaging.nPage, nPageSize: AUDIT_PAGE_SIZE, aEntities: entities.map((row) => row.entity) }
}
