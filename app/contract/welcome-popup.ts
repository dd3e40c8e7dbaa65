// The home page's welcome popup (docs/spec.md §2, §4), as the office sets it (decision 0051): title, text,
// an optional picture, on or off, and the India calendar days it shows between. The public call
// answers only the popup to show today, or null; the browser still shows it once per session.
import { z } from 'zod'
import { isRealDay } from './calendar-day'
import { endpoint, endpointTable, FILE_MAX_BYTES, KB } from './endpoint'
import { responsiveImageSchema } from './images'
import { EDITORS } from './office/staff-roles'
import { conflictMessage, nVersionSchema } from './versioned'

export const POPUP_MESSAGES = {
	saved: 'The welcome popup is saved.',
	pictureAdded: 'The picture is added to the popup.',
	pictureRemoved: 'The picture is removed from the popup.',
	noPicture: 'The popup has no picture.',
	conflict: conflictMessage('popup'),
} as const

/** How long anyone may reuse the public answer; an office save shows at once (decision 0025). */
export const POPUP_MAX_AGE_SECONDS = 60

const day = (what: string) => z.string().refine(isRealDay, `${what} must be a date`)
const fields = {
	sTitle: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(150, 'Title can be at most 150 characters'),
	sText: z.string({ error: 'Text is required' }).trim().min(1, 'Text is required').max(600, 'Text can be at most 600 characters'),
}
type Dates = { dShowFrom?: string | null; dShowUntil?: string | null }
const inOrder = (popup: Dates, ctx: z.RefinementCtx) => {
	if (popup.dShowFrom && popup.dShowUntil && popup.dShowFrom > popup.dShowUntil)
		ctx.addIssue({ code: 'custom', path: ['dShowUntil'], message: 'The last day must be on or after the first' })
}

/** The office's form; conform reads the browser's constraints from it. */
export const popupFormSchema = z
	.object({ ...fields, bIsOn: z.boolean().optional(), dShowFrom: day('First day').optional(), dShowUntil: day('Last day').optional() })
	.superRefine(inOrder)

/** The API's body: the form's values, with no date as null, and the version the form was opened at. */
export const popupBodySchema = z
	.object({ ...fields, bIsOn: z.boolean(), dShowFrom: day('First day').nullable(), dShowUntil: day('Last day').nullable(), nVersion: nVersionSchema })
	.strict()
	.superRefine(inOrder)

export const popupSchema = z.object({ sTitle: z.string(), sText: z.string(), oImage: responsiveImageSchema.nullable() })
export type Popup = z.infer<typeof popupSchema>

export const officePopupSchema = popupSchema.extend({
	bIsOn: z.boolean(),
	dShowFrom: z.string().nullable(),
	dShowUntil: z.string().nullable(),
	nVersion: z.number().int(),
	/** Whether the popup shows today (on, and today within its days, India time). */
	bIsShowing: z.boolean(),
})
export type OfficePopup = z.infer<typeof officePopupSchema>

export const popupPictureFieldsSchema = z.object({
	sAlt: z
		.string({ error: 'Description of the picture is required' })
		.trim()
		.min(1, 'Description of the picture is required')
		.max(200, 'Description can be at most 200 characters'),
})

export const popupEndpoints = endpointTable('popup', {
	/** The popup to show today, or null when it is off or outside its days. */
	current: endpoint({ method: 'GET', path: '/popup/v1', access: 'public', data: popupSchema.nullable(), publicMaxAge: POPUP_MAX_AGE_SECONDS }),
})

export const officePopupEndpoints = endpointTable('officePopup', {
	details: endpoint({ method: 'GET', path: '/office/popup/v1', access: EDITORS, data: officePopupSchema }),
	save: endpoint({ method: 'PUT', path: '/office/popup/v1', access: EDITORS, body: popupBodySchema, data: officePopupSchema }),
	/** Multipart: `file` (JPEG, PNG or WebP) and `sAlt`; it takes the place of the picture there was. */
	addPicture: endpoint({
		method: 'POST',
		path: '/office/popup/picture/v1',
		access: EDITORS,
		upload: 'picture',
		maxBodyBytes: FILE_MAX_BYTES.picture + 64 * KB,
		formPages: ['/office/popup'],
		body: z.instanceof(FormData),
		data: officePopupSchema,
	}),
	removePicture: endpoint({ method: 'DELETE', path: '/office/popup/picture/v1', access: EDITORS, data: officePopupSchema }),
})
