// CPE calls (contract: app/contract/cpe.ts): the member's ledger, recorded hours and attendance
// certificates; and the office's attendance marking, which credits structured hours.
import { Hono, type Context } from 'hono'
import { attendanceSchema, CPE_MESSAGES, CPE_PATHS, cpeEntrySchema } from '~/contract/cpe'
import type { ApiEnv } from '../app'
import { requireAccount } from '../accounts/service'
import { branchSettings } from '../branch-settings'
import { ApiError, ok, readJson, readRecordId } from '../http'
import { requireStaff } from '../office/auth'
import { certificateNumber, certificatePdf } from './certificate'
import { buildLedger, entryDates, indiaDay } from './ledger'
import { addEntry, certificateFacts, deleteEntry, memberEntries, setAttendance } from './service'

/** A member's own data: never kept by a cache. */
async function member(c: Context<ApiEnv>) {
	const { account } = await requireAccount(c, 'member')
	c.header('Cache-Control', 'private, no-store')
	return account
}

async function attendance(c: Context<ApiEnv>, mark: boolean) {
	const { staff } = await requireStaff(c)
	const form = await readJson(c, attendanceSchema)
	const result = await setAttendance(c.get('deps').db, staff.id, form, mark)
	return ok(c, mark ? `Attendance marked for ${result.aChanged.length} registrations.` : `Attendance taken back for ${result.aChanged.length} registrations.`, result)
}

export const cpeRoutes = new Hono<ApiEnv>()
	.get(CPE_PATHS.ledger, async (c) => {
		const account = await member(c)
		const entries = await memberEntries(c.get('deps').db, account.id)
		return ok(c, 'CPE ledger', buildLedger(entries, branchSettings(c).cpe, indiaDay(new Date())))
	})
	.post(CPE_PATHS.entries, async (c) => {
		const account = await member(c)
		const form = await readJson(c, cpeEntrySchema(entryDates(branchSettings(c).cpe, indiaDay(new Date()))))
		const iEntryId = await addEntry(c.get('deps').db, account.id, form)
		return ok(c, CPE_MESSAGES.entryAdded, { iEntryId }, 201)
	})
	.delete(CPE_PATHS.entry(':iEntryId'), async (c) => {
		const account = await member(c)
		await deleteEntry(c.get('deps').db, account.id, readRecordId(c, 'iEntryId', CPE_MESSAGES.entryNotFound))
		return ok(c, CPE_MESSAGES.entryDeleted)
	})
	.get(CPE_PATHS.certificate(':iRegistrationId'), async (c) => {
		const account = await member(c)
		const registrationId = readRecordId(c, 'iRegistrationId', CPE_MESSAGES.certificateNotFound)
		const facts = await certificateFacts(c.get('deps').db, account.id, registrationId)
		if (!facts) throw new ApiError(404, CPE_MESSAGES.certificateNotFound)
		const number = certificateNumber(facts.registrationId, facts.event.startsAt)
		const bytes = await certificatePdf(branchSettings(c).branch, { certificateNumber: number, member: facts.member, event: facts.event, issuedAt: new Date() })
		return c.body(new Uint8Array(bytes), 200, {
			'content-type': 'application/pdf',
			'content-disposition': `attachment; filename="cpe-certificate-${facts.registrationId}.pdf"`,
			'cache-control': 'private, no-store',
		})
	})
	.post(CPE_PATHS.markAttendance, (c) => attendance(c, true))
	.post(CPE_PATHS.unmarkAttendance, (c) => attendance(c, false))
