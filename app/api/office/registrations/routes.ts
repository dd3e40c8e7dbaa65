// The office's calls for one event's registrations (contract: app/contract/office/registrations.ts).
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { CSV_CONTENT_TYPE } from '~/contract/csv'
import { OFFICE_REGISTRATION_MESSAGES, officeRegistrationEndpoints } from '~/contract/office/registrations'
import { handle } from '../../endpoints'
import { recordAudit } from '../../shared/audit'
import { events } from '../../db/schema'
import { ApiError, fileAnswer } from '../../http'
import { waitingListOf } from '../../registrations/waiting-list'
import { checkIn, checkInDesk } from './check-in'
import { listEventRegistrations, markAttendanceAtDesk, registrationsCsv } from './service'
import { type ApiEnv, branchSettings } from '../../env'

export const officeRegistrationRoutes = new Hono<ApiEnv>()

handle(officeRegistrationRoutes, officeRegistrationEndpoints.list, async ({ deps, params, query }) => {
	const list = await listEventRegistrations(deps.db, params.iEventId, query.oFilter)
	if (query.sFormat === 'csv') return fileAnswer(registrationsCsv(list), CSV_CONTENT_TYPE, `registrations-event-${params.iEventId}.csv`)
	return { message: OFFICE_REGISTRATION_MESSAGES.list, data: list }
})

handle(officeRegistrationRoutes, officeRegistrationEndpoints.markAtDesk, async ({ deps, caller, params, body }) => {
	const marked = await markAttendanceAtDesk(deps.db, caller.staff.id, params.iEventId, body.sNumber)
	if (marked.bChanged) {
		await recordAudit(deps.db, caller.staff, {
			action: 'attendance',
			entity: 'registration',
			entityId: marked.iRegistrationId,
			summary: `Marked ${marked.sFullName} present (event ${params.iEventId}) at the desk`,
			particulars: [marked.sFullName],
		})
	}
	const message = marked.bChanged ? OFFICE_REGISTRATION_MESSAGES.deskMarked(marked.sFullName) : OFFICE_REGISTRATION_MESSAGES.deskAlready(marked.sFullName)
	return { message, data: marked }
})

handle(officeRegistrationRoutes, officeRegistrationEndpoints.checkInDesk, async ({ c, deps, params }) => ({
	message: 'Check-in',
	data: await checkInDesk(deps.db, branchSettings(c).documents.ticketSecret, params.iEventId),
}))

handle(officeRegistrationRoutes, officeRegistrationEndpoints.checkIn, async ({ c, deps, caller, params, body }) => {
	const result = await checkIn(deps.db, caller.staff.id, branchSettings(c).documents.ticketSecret, params.iEventId, body)
	if (result.sOutcome === 'checked-in') {
		await recordAudit(deps.db, caller.staff, {
			action: 'attendance',
			entity: 'registration',
			entityId: result.iRegistrationId!,
			summary: `Checked in ${result.sFullName} (event ${params.iEventId}) at the door`,
			particulars: [result.sFullName!],
		})
	}
	return { message: result.sText, data: result }
})

handle(officeRegistrationRoutes, officeRegistrationEndpoints.waitingList, async ({ deps, params }) => {
	const [event] = await deps.db.select({ id: events.id }).from(events).where(eq(events.id, params.iEventId))
	if (!event) throw new ApiError(404, OFFICE_REGISTRATION_MESSAGES.eventNotFound)
	const entries = await waitingListOf(deps.db, params.iEventId)
	return {
		message: 'Waiting list',
		data: entries.map((entry) => ({
			iEntryId: entry.id,
			sFullName: entry.name,
			sNumber: entry.number,
			sEmail: entry.email,
			sStatus: entry.status,
			dJoinedAt: entry.joinedAt.toISOString(),
			dOfferExpiresAt: entry.offerExpiresAt?.toISOString() ?? null,
		})),
	}
})
