// CPE calls (contract: app/contract/cpe.ts): the member's ledger, recorded hours and attendance
// certificates; and the office's attendance marking, which credits structured hours.
import { Hono } from 'hono'
import { cpeEndpoints, CPE_MESSAGES, cpeEntrySchema } from '~/contract/cpe'
import { officeRegistrationEndpoints } from '~/contract/office/registrations'
import { handle } from '../endpoints'
import { ApiError, readJson } from '../http'
import { issueCertificate } from './certificates'
import { buildLedger, entryDates, indiaDay } from './ledger'
import { addEntry, deleteEntry, memberEntries, setAttendance } from './service'
import { type ApiEnv, branchSettings } from '../env'

export const cpeRoutes = new Hono<ApiEnv>()

handle(cpeRoutes, cpeEndpoints.ledger, async ({ c, deps: { db }, caller: { account } }) => {
	const entries = await memberEntries(db, account.id)
	return { message: 'CPE ledger', data: buildLedger(entries, branchSettings(c).cpe, indiaDay(new Date())) }
})

handle(cpeRoutes, cpeEndpoints.addEntry, async ({ c, deps: { db }, caller: { account } }) => {
	const form = await readJson(c, cpeEntrySchema(entryDates(branchSettings(c).cpe, indiaDay(new Date()))))
	return { message: CPE_MESSAGES.entryAdded, data: { iEntryId: await addEntry(db, account.id, form) }, status: 201 }
})

handle(cpeRoutes, cpeEndpoints.deleteEntry, async ({ deps: { db }, caller: { account }, params: { iEntryId } }) => {
	await deleteEntry(db, account.id, iEntryId)
	return { message: CPE_MESSAGES.entryDeleted, data: undefined }
})

handle(cpeRoutes, cpeEndpoints.certificate, async ({ c, deps: { db }, caller: { account }, params: { iRegistrationId } }) => {
	const settings = branchSettings(c)
	const issued = await issueCertificate(db, { documents: settings.documents, branch: settings.branch }, iRegistrationId, account.id)
	if (!issued) throw new ApiError(404, CPE_MESSAGES.certificateNotFound)
	return c.body(new Uint8Array(issued.pdf), 200, {
		'content-type': 'application/pdf',
		'content-disposition': `attachment; filename="cpe-certificate-${iRegistrationId}.pdf"`,
		'cache-control': 'private, no-store',
	})
})

for (const [entry, mark] of [
	[officeRegistrationEndpoints.markAttendance, true],
	[officeRegistrationEndpoints.unmarkAttendance, false],
] as const) {
	handle(cpeRoutes, entry, async ({ deps: { db }, caller: { staff }, body: form }) => {
		const result = await setAttendance(db, staff.id, form, mark)
		const message = mark
			? `Attendance marked for ${result.aChanged.length} registrations.`
			: `Attendance taken back for ${result.aChanged.length} registrations.`
		return { message, data: result }
	})
}
