// The office's work with members' and students' accounts: find one, see everything about it, and
// put right what blocks the person (a mistyped date of birth or e-mail, a number someone else took).
import { z } from 'zod'
import { dobSchema, emailSchema, membershipNumberSchema, registrationNumberSchema } from '../accounts'
import { blankAsMissing, recordIdSchema } from '../api'
import { endpoint, endpointTable } from '../endpoint'
import { isOneLine, oneLineMessage } from '../one-line'
import { officePaymentSchema } from './payments'
import { eventRegistrationSchema } from './registrations'
import { ACCOUNTS } from './staff-roles'

export const OFFICE_ACCOUNT_MESSAGES = {
	list: 'Accounts',
	account: 'Account',
	notFound: 'No such account.',
	corrected: 'The account is corrected.',
	nothingChanged: 'Nothing was changed.',
	disabled: 'The account is disabled and signed out everywhere.',
	enabled: 'The account is enabled.',
	released: 'The number is released: its owner can now register it.',
	numberTaken: 'Another account already has this number. Release it first if it is not theirs.',
	emailTaken: 'Another account already uses this e-mail address.',
	notMember: 'A student has a registration number, not a membership number.',
	notStudent: 'A member has a membership number, not a registration number.',
	closed: 'This account was closed by its holder and its personal data erased: it cannot be changed.',
} as const

export const officeAccountsQuerySchema = z.object({
	oFilter: z
		.object({
			sSearch: blankAsMissing(z.string().trim().max(100, 'Search text can be at most 100 characters.')),
			sUserType: blankAsMissing(z.enum(['M', 'S'], { error: 'Kind must be M or S.' })),
		})
		.optional()
		.default({}),
	oPaging: z
		.object({
			nPage: blankAsMissing(z.coerce.number().int().min(1).max(10_000)).default(1),
			nPageSize: blankAsMissing(z.coerce.number().int().min(1).max(100)).default(25),
		})
		.optional()
		.default({ nPage: 1, nPageSize: 25 }),
})

export const officeAccountSummarySchema = z.object({
	iAccountId: z.number().int(),
	sUserType: z.enum(['M', 'S']),
	sNumber: z.string(),
	sFullName: z.string(),
	sEmail: z.string(),
	sMobileNumber: z.string(),
	dCreatedAt: z.string(),
	dDisabledAt: z.string().nullable(),
	/** Closed by its holder (app/contract/own-data.ts): the row is anonymised. */
	dClosedAt: z.string().nullable(),
})
export type OfficeAccountSummary = z.infer<typeof officeAccountSummarySchema>

export const officeAccountSchema = officeAccountSummarySchema.extend({
	sDob: z.string(),
	sStateCode: z.string(),
	sCity: z.string(),
	sFirmCompanyName: z.string().nullable(),
	sGstNumber: z.string().nullable(),
	sCourse: z.string().nullable(),
	bIsGetUpdateOnEmail: z.boolean(),
	/** Set when the office released the number this account had taken. */
	sReleasedNumber: z.string().nullable(),
	aRegistrations: z.array(eventRegistrationSchema.extend({ iEventId: z.number().int(), sEventTitle: z.string(), dEventStartDate: z.string() })),
	aPayments: z.array(officePaymentSchema),
	aCpeEntries: z.array(z.object({ dDate: z.string(), nHours: z.number(), sKind: z.enum(['structured', 'unstructured']), sDescription: z.string() })),
})
export type OfficeAccount = z.infer<typeof officeAccountSchema>

/** What the office may correct; only the fields given change. The number follows the account's kind. */
export const correctAccountSchema = z
	.object({
		sFullName: z
			.string()
			.trim()
			.min(1, 'Full name is required')
			.max(120, 'Full name must be at most 120 characters')
			.refine(isOneLine, oneLineMessage('Full name')),
		sDob: dobSchema,
		sEmail: emailSchema,
		sNumber: z.string().trim().toUpperCase().min(1, 'Number is required').max(20, 'Number is at most 20 characters'),
	})
	.partial()

export const disableAccountSchema = z.object({ sReason: z.string().trim().max(200, 'Reason can be at most 200 characters').optional() })

export const numberSchemaFor = (userType: 'M' | 'S') => (userType === 'M' ? membershipNumberSchema : registrationNumberSchema)

const accountParams = z.object({ iAccountId: recordIdSchema })
const byId = { access: ACCOUNTS, params: accountParams, notFound: OFFICE_ACCOUNT_MESSAGES.notFound } as const

export const officeAccountEndpoints = endpointTable('officeAccounts', {
	list: endpoint({
		method: 'GET',
		path: '/office/accounts/v1',
		access: ACCOUNTS,
		query: officeAccountsQuerySchema,
		data: z.object({ aAccounts: z.array(officeAccountSummarySchema), nTotal: z.number().int(), nPage: z.number().int(), nPageSize: z.number().int() }),
	}),
	details: endpoint({ method: 'GET', path: '/office/accounts/:iAccountId/v1', ...byId, data: officeAccountSchema }),
	correct: endpoint({ method: 'PUT', path: '/office/accounts/:iAccountId/v1', ...byId, body: correctAccountSchema, data: officeAccountSummarySchema }),
	disable: endpoint({ method: 'POST', path: '/office/accounts/:iAccountId/disable/v1', ...byId, body: disableAccountSchema, data: officeAccountSummarySchema }),
	enable: endpoint({ method: 'POST', path: '/office/accounts/:iAccountId/enable/v1', ...byId, data: officeAccountSummarySchema }),
	/** The account keeps everything but the number, which its owner can then register; it is disabled. */
	releaseNumber: endpoint({ method: 'POST', path: '/office/accounts/:iAccountId/release-number/v1', ...byId, data: officeAccountSummarySchema }),
})
