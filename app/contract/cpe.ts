// CPE hours: the member's ledger, the hours a member records, attendance certificates and
// the office's attendance marking. Shared by the branch API and the portal.
import { z } from 'zod'
import { recordIdSchema } from './api'
import { isRealDay } from './calendar-day'
import { endpoint, endpointTable, FILE_ANSWER, fillPath } from './endpoint'

/** Office (staff token): mark attendance, which credits the event's hours; and take it back (app/contract/office/registrations.ts). */
export const ATTENDANCE_PATHS = { mark: '/office/attendance/mark/v1', unmark: '/office/attendance/unmark/v1' } as const

/** Nobody learns more than this in one day; also the most one entry may hold. */
export const CPE_MAX_HOURS_PER_DAY = 12
/** Hours are recorded in half hours. */
export const CPE_HOURS_STEP = 0.5
export const CPE_DESCRIPTION_MIN_LENGTH = 3
export const CPE_DESCRIPTION_MAX_LENGTH = 500
/** The most registrations one attendance call may name (a large conference hall). */
export const ATTENDANCE_MAX_REGISTRATIONS = 1000
export const CPE_KINDS = ['structured', 'unstructured'] as const
export type CpeKind = (typeof CPE_KINDS)[number]

/** The days an entry may fall on: not in the future, not before the previous three-year block. */
export type CpeDateRange = { dMinDate: string; dMaxDate: string }

/**
 * The unstructured-hours form. Its date limits depend on today and the configured blocks, so the
 * API and the page (from the ledger's `oEntryDates`) build the same schema with the same range.
 */
export function cpeEntrySchema({ dMinDate, dMaxDate }: CpeDateRange) {
	return z.object({
		dActivityDate: z
			.string({ error: 'Date is required' })
			.trim()
			.min(1, { error: 'Date is required', abort: true })
			.refine(isRealDay, { error: 'Enter the date as a real day, like 2026-04-15', abort: true })
			.refine((day) => day <= dMaxDate, 'The date cannot be in the future')
			.refine((day) => day >= dMinDate, `Hours before ${dMinDate} can no longer be recorded`),
		nHours: z
			.number({ error: (issue) => (issue.input === undefined || issue.input === '' ? 'Hours are required' : 'Hours must be a number') })
			.positive('Hours must be more than 0')
			.max(CPE_MAX_HOURS_PER_DAY, `At most ${CPE_MAX_HOURS_PER_DAY} hours can be recorded for one day`)
			.refine((hours) => Number.isInteger(hours / CPE_HOURS_STEP), 'Hours go in half hours, like 1.5'),
		sDescription: z
			.string({ error: 'Description is required' })
			.trim()
			.min(1, 'Description is required')
			// Only a description that is there is measured: a blank one gets the one message above.
			.pipe(
				z
					.string()
					.min(CPE_DESCRIPTION_MIN_LENGTH, `Describe the activity in at least ${CPE_DESCRIPTION_MIN_LENGTH} characters`)
					.max(CPE_DESCRIPTION_MAX_LENGTH, `The description can be at most ${CPE_DESCRIPTION_MAX_LENGTH} characters`),
			),
	})
}
export type CpeEntryForm = z.infer<ReturnType<typeof cpeEntrySchema>>

/** The office's attendance calls name registrations by id (an event's list gives them; students have no membership number). */
/** A record id in a JSON body: a positive whole number within PostgreSQL's integer. */
const recordId = (what: string) =>
	z
		.number({ error: `${what} is required` })
		.int(`${what} must be an id`)
		.positive(`${what} must be an id`)
		.max(2_147_483_647, `${what} must be an id`)

export const attendanceSchema = z.object({
	iEventId: recordId('Event'),
	aRegistrationIds: z
		.array(recordId('Registration'), { error: 'Registrations must be a list of registration ids' })
		.min(1, 'Name at least one registration')
		.max(ATTENDANCE_MAX_REGISTRATIONS, `At most ${ATTENDANCE_MAX_REGISTRATIONS} registrations in one call`)
		.refine((ids) => new Set(ids).size === ids.length, 'Each registration may be named once'),
})
export type AttendanceForm = z.infer<typeof attendanceSchema>

/** What an attendance call changed: ids whose state it set now, and ids that were already so. */
export const attendanceResultSchema = z.object({ aChanged: z.array(z.number().int()), aUnchanged: z.array(z.number().int()) })
export type AttendanceResult = z.infer<typeof attendanceResultSchema>

export const cpeEntryItemSchema = z.object({
	sKind: z.enum(CPE_KINDS),
	/** The day, `YYYY-MM-DD` (an event's start day in India time). */
	dActivityDate: z.string(),
	/** The event's title, or what the member wrote. */
	sDescription: z.string(),
	nHours: z.number(),
	/** Unstructured entries: the id to delete it by. */
	iEntryId: z.number().int().optional(),
	/** Structured entries: the attended registration, whose certificate can be downloaded. */
	iRegistrationId: z.number().int().optional(),
	iEventId: z.number().int().optional(),
})
export type CpeEntry = z.infer<typeof cpeEntryItemSchema>

/** Hours with one decimal; "needed" never goes below 0. */
export const cpeTotalsSchema = z.object({
	nStructuredHours: z.number(),
	nUnstructuredHours: z.number(),
	nTotalHours: z.number(),
	nRequiredHours: z.number(),
	nRequiredStructuredHours: z.number(),
	nHoursNeeded: z.number(),
	nStructuredHoursNeeded: z.number(),
})
export type CpeTotals = z.infer<typeof cpeTotalsSchema>

export const cpeYearSchema = z.object({ nYear: z.number().int(), oTotals: cpeTotalsSchema, aEntries: z.array(cpeEntryItemSchema) })
export type CpeYear = z.infer<typeof cpeYearSchema>
export const cpeBlockSchema = z.object({
	nStartYear: z.number().int(),
	nEndYear: z.number().int(),
	bIsCurrent: z.boolean(),
	oTotals: cpeTotalsSchema,
	aYears: z.array(cpeYearSchema),
})
export type CpeBlock = z.infer<typeof cpeBlockSchema>

export const cpeLedgerSchema = z.object({
	nCurrentYear: z.number().int(),
	/** Newest block first; the current block is always there, even with no hours. Years newest first. */
	aBlocks: z.array(cpeBlockSchema),
	oEntryDates: z.object({ dMinDate: z.string(), dMaxDate: z.string() }),
	oRequirements: z.object({ nYearHours: z.number(), nYearStructuredHours: z.number(), nBlockHours: z.number(), nBlockStructuredHours: z.number() }),
})
export type CpeLedger = z.infer<typeof cpeLedgerSchema>

export const CPE_MESSAGES = {
	entryAdded: 'Your CPE hours have been recorded.',
	entryDeleted: 'The entry has been deleted.',
	entryNotFound: 'No such CPE entry.',
	certificateNotFound: 'No attendance certificate for that registration.',
	dayFull: (already: number) => `You have already recorded ${already} hours for that day; at most ${CPE_MAX_HOURS_PER_DAY} hours a day`,
} as const

/** The signed-in member's CPE calls. */
export const cpeEndpoints = endpointTable('cpe', {
	/** Every entry grouped by block and year, with totals. */
	ledger: endpoint({ method: 'GET', path: '/member/cpe/ledger/v1', access: 'member', data: cpeLedgerSchema }),
	/** Records unstructured hours. The dates allowed depend on the day, so the handler validates the body with that day's schema. */
	addEntry: endpoint({
		method: 'POST',
		path: '/member/cpe/entries/v1',
		access: 'member',
		body: cpeEntrySchema({ dMinDate: '0000-01-01', dMaxDate: '9999-12-31' }),
		handlerReadsBody: true,
		data: z.object({ iEntryId: z.number().int() }),
	}),
	/** Deletes one of the member's own unstructured entries. */
	deleteEntry: endpoint({
		method: 'DELETE',
		path: '/member/cpe/entries/v1/:iEntryId',
		access: 'member',
		params: z.object({ iEntryId: recordIdSchema }),
		notFound: CPE_MESSAGES.entryNotFound,
		data: z.undefined(),
	}),
	/** The attendance certificate (PDF) of one of the member's attended registrations. */
	certificate: endpoint({
		method: 'GET',
		path: '/member/cpe/certificate/v1/:iRegistrationId',
		access: 'member',
		params: z.object({ iRegistrationId: recordIdSchema }),
		notFound: CPE_MESSAGES.certificateNotFound,
		data: FILE_ANSWER,
	}),
})

export const CPE_PATHS = {
	ledger: cpeEndpoints.ledger.path,
	entries: cpeEndpoints.addEntry.path,
	entry: (iEntryId: number | string) => fillPath(cpeEndpoints.deleteEntry.path, { iEntryId }),
	certificate: (iRegistrationId: number | string) => fillPath(cpeEndpoints.certificate.path, { iRegistrationId }),
	markAttendance: ATTENDANCE_PATHS.mark,
	unmarkAttendance: ATTENDANCE_PATHS.unmark,
} as const
