// The office's view of one event's registrations: the list (JSON or CSV), and attendance taken at
// the desk by membership or registration number. Marking by id is the CPE area's call.
import { z } from 'zod'
import { blankAsMissing, recordIdSchema } from '../api'
import { endpoint, endpointTable, FILE_ANSWER } from '../endpoint'
import { PAYMENT_STATUSES } from '../payments'
import { ATTENDANCE_PATHS, attendanceResultSchema, attendanceSchema } from '../cpe'
import { REGISTRATION_STATUSES } from '../registrations'
import { ATTENDANCE } from './staff-roles'
import { CHECK_IN_OUTCOMES } from '../check-in'

export const OFFICE_REGISTRATION_MESSAGES = {
	list: 'Registrations',
	eventNotFound: 'No such event.',
	deskMarked: (name: string) => `${name} is marked present.`,
	deskAlready: (name: string) => `${name} was already marked present.`,
	deskNoMatch: 'Nobody registered for this event has that number.',
	deskNotConfirmed: 'That registration is not confirmed (its fee is not paid), so attendance cannot be marked.',
} as const

export const REGISTRATION_FORMATS = ['json', 'csv'] as const
export const eventRegistrationsQuerySchema = z.object({
	oFilter: z
		.object({
			sStatus: blankAsMissing(z.enum(REGISTRATION_STATUSES, { error: 'Status must be pending, confirmed or cancelled.' })),
			sSearch: blankAsMissing(z.string().trim().max(100, 'Search text can be at most 100 characters.')),
		})
		.optional()
		.default({}),
	sFormat: blankAsMissing(z.enum(REGISTRATION_FORMATS, { error: 'Format must be json or csv.' })).default('json'),
})

export const eventRegistrationSchema = z.object({
	iRegistrationId: z.number().int(),
	iAccountId: z.number().int(),
	sFullName: z.string(),
	sUserType: z.enum(['M', 'S']),
	/** The membership number (members) or registration number (students). */
	sNumber: z.string(),
	sEmail: z.string(),
	sMobileNumber: z.string(),
	sStatus: z.enum(REGISTRATION_STATUSES),
	/** The latest payment's status; null for a free event. */
	sPaymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
	iPaymentId: z.number().int().nullable(),
	dRegisteredAt: z.string(),
	dAttendedAt: z.string().nullable(),
	/** The event's CPE hours once attendance is marked on a confirmed registration, else 0. */
	nCpeHoursCredited: z.number(),
})
export type EventRegistration = z.infer<typeof eventRegistrationSchema>

export const eventRegistrationListSchema = z.object({
	oEvent: z.object({ iEventId: z.number().int(), sTitle: z.string(), dStartDate: z.string(), nCpeHours: z.number(), nSeatLimit: z.number().int().nullable() }),
	aRegistrations: z.array(eventRegistrationSchema),
	oCounts: z.object({ nConfirmed: z.number().int(), nPending: z.number().int(), nCancelled: z.number().int(), nAttended: z.number().int() }),
})
export type EventRegistrationList = z.infer<typeof eventRegistrationListSchema>

export const deskAttendanceSchema = z.object({
	sNumber: z
		.string({ error: 'Enter a membership or registration number' })
		.trim()
		.toUpperCase()
		.min(1, 'Enter a membership or registration number')
		.max(20, 'A membership or registration number is at most 20 characters'),
})

const eventParams = z.object({ iEventId: recordIdSchema })

/** What the door's scanner or keyboard gives: a ticket code, or a membership or registration number. */
export const checkInSchema = z.object({
	sCode: z
		.string({ error: 'Scan a ticket or type its code, or a membership or registration number' })
		.trim()
		.toUpperCase()
		.min(1, 'Scan a ticket or type its code, or a membership or registration number')
		.max(40, 'A ticket code is at most 40 characters'),
	/** When a check-in queued offline was scanned: its attendance time. */
	dScannedAt: z.iso.datetime({ offset: true, error: 'The scan time must be an ISO date and time' }).optional(),
})
export type CheckInForm = z.infer<typeof checkInSchema>

export const checkInResultSchema = z.object({
	sOutcome: z.enum(CHECK_IN_OUTCOMES),
	/** The outcome in words, as the door's screen shows it. */
	sText: z.string(),
	iRegistrationId: z.number().int().nullable(),
	sFullName: z.string().nullable(),
	sNumber: z.string().nullable(),
	dAttendedAt: z.string().nullable(),
	nPresent: z.number().int(),
	nExpected: z.number().int(),
})
export type CheckInResult = z.infer<typeof checkInResultSchema>

/** One person the door expects, for the page's offline list. */
export const rosterEntrySchema = z.object({
	iRegistrationId: z.number().int(),
	sFullName: z.string(),
	sNumber: z.string(),
	sStatus: z.enum(REGISTRATION_STATUSES),
	dAttendedAt: z.string().nullable(),
})
export type RosterEntry = z.infer<typeof rosterEntrySchema>

export const checkInDeskSchema = z.object({
	oEvent: z.object({ iEventId: z.number().int(), sTitle: z.string(), dStartDate: z.string(), dEndDate: z.string() }),
	/** This event's ticket key (base64url): the page checks signatures with it when the network is down. */
	sEventKey: z.string(),
	aRoster: z.array(rosterEntrySchema),
	nPresent: z.number().int(),
	nExpected: z.number().int(),
})
export type CheckInDesk = z.infer<typeof checkInDeskSchema>

/** One place on a full event's waiting list, in the order people joined. */
export const waitingListEntrySchema = z.object({
	iEntryId: z.number().int(),
	sFullName: z.string(),
	sNumber: z.string(),
	sEmail: z.string(),
	sStatus: z.enum(['waiting', 'offered', 'registered', 'expired', 'left']),
	dJoinedAt: z.string(),
	dOfferExpiresAt: z.string().nullable(),
})
export type WaitingListEntry = z.infer<typeof waitingListEntrySchema>

export const officeRegistrationEndpoints = endpointTable('officeRegistrations', {
	waitingList: endpoint({
		method: 'GET',
		path: '/office/events/:iEventId/waiting-list/v1',
		access: ATTENDANCE,
		params: eventParams,
		notFound: OFFICE_REGISTRATION_MESSAGES.eventNotFound,
		data: z.array(waitingListEntrySchema),
	}),
	list: endpoint({
		method: 'GET',
		path: '/office/events/:iEventId/registrations/v1',
		access: ATTENDANCE,
		params: eventParams,
		notFound: OFFICE_REGISTRATION_MESSAGES.eventNotFound,
		query: eventRegistrationsQuerySchema,
		data: eventRegistrationListSchema,
	}),
	/** The same call with `sFormat=csv`: served by the list's handler, declared apart for its file answer. */
	listCsv: endpoint({
		method: 'GET',
		path: '/office/events/:iEventId/registrations/v1',
		access: ATTENDANCE,
		params: eventParams,
		notFound: OFFICE_REGISTRATION_MESSAGES.eventNotFound,
		query: eventRegistrationsQuerySchema.extend({ sFormat: z.literal('csv') }),
		data: FILE_ANSWER,
	}),
	/** Marks (or takes back) attendance by registration id; served by the CPE area, which credits the hours. */
	markAttendance: endpoint({ method: 'POST', path: ATTENDANCE_PATHS.mark, access: ATTENDANCE, body: attendanceSchema, data: attendanceResultSchema }),
	unmarkAttendance: endpoint({ method: 'POST', path: ATTENDANCE_PATHS.unmark, access: ATTENDANCE, body: attendanceSchema, data: attendanceResultSchema }),
	/** The door's page: the event, its ticket key and everyone registered. */
	checkInDesk: endpoint({
		method: 'GET',
		path: '/office/events/:iEventId/check-in/v1',
		access: ATTENDANCE,
		params: eventParams,
		notFound: OFFICE_REGISTRATION_MESSAGES.eventNotFound,
		data: checkInDeskSchema,
	}),
	/** Checks in one ticket or number; the same one twice answers "already" (offline queues resend safely). */
	checkIn: endpoint({
		method: 'POST',
		path: '/office/events/:iEventId/check-in/v1',
		access: ATTENDANCE,
		params: eventParams,
		notFound: OFFICE_REGISTRATION_MESSAGES.eventNotFound,
		body: checkInSchema,
		data: checkInResultSchema,
	}),
	markAtDesk: endpoint({
		method: 'POST',
		path: '/office/events/:iEventId/attendance/desk/v1',
		access: ATTENDANCE,
		params: eventParams,
		notFound: OFFICE_REGISTRATION_MESSAGES.eventNotFound,
		body: deskAttendanceSchema,
		data: z.object({ iRegistrationId: z.number().int(), sFullName: z.string(), bChanged: z.boolean() }),
	}),
})
