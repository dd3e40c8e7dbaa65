// What the contract table does not say about some calls, for the API document: the fields of the
// uploads (their handlers read the multipart form themselves) and which calls are rate-limited.
// document.test.ts fails for an upload entry missing here and for a name here that is no entry.
import { z } from 'zod'
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES } from '~/contract/accounts'
import { eventPictureFieldsSchema } from '~/contract/office/events'
import { GALLERY_UPLOAD_MAX_PHOTOS, photoFieldsSchema } from '~/contract/office/gallery'
import { newsletterFieldsSchema } from '~/contract/office/newsletters'
import { popupPictureFieldsSchema } from '~/contract/welcome-popup'
import { IMAGE_LIMITS } from '../images'
import { PDF_MAX_BYTES } from '../pdf-check'

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`

export type UploadFile = { contentType: string; description: string; required: boolean; upTo?: number }
export type UploadForm = {
	/** The text fields, as the handler checks them. */
	fields?: z.ZodObject
	files: Record<string, UploadFile>
	/** Anything else a caller must know, in words. */
	note?: string
}

const picture = (bytes: number, required = true): UploadFile => ({
	contentType: PROFILE_PICTURE_TYPES.join(', '),
	description: `A JPEG, PNG or WebP picture of up to ${megabytes(bytes)}.`,
	required,
})
const pdf: UploadFile = {
	contentType: 'application/pdf',
	description: `A PDF of up to ${megabytes(PDF_MAX_BYTES)}; it is opened and checked, and a damaged or locked one is refused.`,
	required: true,
}

export const UPLOAD_FORMS: Record<string, UploadForm> = {
	'accounts.uploadPicture': {
		files: { file: picture(PROFILE_PICTURE_MAX_BYTES) },
		note: 'Send it to the `sUrl` answered by POST /member/pre-signed-url/v1, as it is: its `expires` and `signature` query parameters make the address valid once, for ten minutes; a stale or used address answers 403.',
	},
	'officeEvents.addPicture': { fields: eventPictureFieldsSchema, files: { file: picture(IMAGE_LIMITS.maxInputBytes) } },
	'officePopup.addPicture': { fields: popupPictureFieldsSchema, files: { file: picture(IMAGE_LIMITS.maxInputBytes) } },
	'officeCommittees.setPortrait': { files: { file: picture(IMAGE_LIMITS.maxInputBytes) } },
	'officeGallery.addPhotos': {
		fields: photoFieldsSchema,
		files: { photos: { ...picture(IMAGE_LIMITS.maxInputBytes), upTo: GALLERY_UPLOAD_MAX_PHOTOS } },
		note: `One to ${GALLERY_UPLOAD_MAX_PHOTOS} photos in repeated \`photos\` parts. \`sAlt\` (and \`sCaption\`) once for them all, or repeated, one for each photo in the same order.`,
	},
	'officeNewsletters.create': {
		// A form's checkbox sends "on"; anything else leaves the issue a draft.
		fields: newsletterFieldsSchema.extend({ bIsPublished: z.enum(['on', 'true']).optional() }),
		files: { file: pdf, cover: picture(IMAGE_LIMITS.maxInputBytes, false) },
		note: 'Without a `cover` the API draws one.',
	},
	'officePages.attach': {
		fields: z.object({ sText: z.string().trim().min(1).max(120) }),
		files: { file: pdf },
		note: '`sText` is the link’s label on the page.',
	},
}

/** Calls that count attempts per address, account or client and answer 429 past their limit. */
export const RATE_LIMITED = new Set([
	'accounts.sendOtp',
	'accounts.register',
	'accounts.login',
	'accounts.resetPassword',
	'accounts.changePassword',
	'accounts.preSignedUrl',
	'officeAuth.login',
	'officeAuth.loginCode',
	'officeTwoFactor.confirm',
	'officeTwoFactor.disable',
	'newsletters.subscribe',
])
