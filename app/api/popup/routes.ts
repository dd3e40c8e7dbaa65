// The welcome popup's calls (contract: app/contract/welcome-popup.ts): the public one and the office's.
import { Hono } from 'hono'
import { officePopupEndpoints, POPUP_MESSAGES, popupEndpoints, popupPictureFieldsSchema } from '~/contract/welcome-popup'
import { storePicture } from '../media/pictures'
import { handle } from '../endpoints'
import { ApiError, fieldErrors } from '../http'
import { ImageError } from '../images'
import { currentPopup, officePopup, POPUP_PICTURE_WIDTHS, savePopup, setPopupPicture } from './service'
import type { ApiEnv } from '../env'

export const popupRoutes = new Hono<ApiEnv>()

handle(popupRoutes, popupEndpoints.current, async ({ deps }) => ({ message: 'Welcome popup', data: await currentPopup(deps.db, deps.settings?.branch.name) }))

handle(popupRoutes, officePopupEndpoints.details, async ({ deps }) => ({
	message: 'Welcome popup',
	data: await officePopup(deps.db, deps.settings?.branch.name),
}))

handle(popupRoutes, officePopupEndpoints.save, async ({ deps, caller, body }) => ({
	message: POPUP_MESSAGES.saved,
	data: await savePopup(deps.db, caller.staff, deps.settings?.branch.name, body),
}))

handle(popupRoutes, officePopupEndpoints.addPicture, async ({ c, deps, caller }) => {
	const form = await c.req.formData().catch(() => {
		throw new ApiError(400, 'Send the picture as multipart/form-data.')
	})
	const fields = popupPictureFieldsSchema.safeParse({ sAlt: form.get('sAlt') ?? '' })
	const file = form.get('file')
	const errors: Record<string, string[]> = fields.success ? {} : fieldErrors(fields.error)
	if (!(file instanceof File) || file.size === 0) errors.file = ['Choose a picture']
	if (!fields.success || !(file instanceof File) || file.size === 0) throw new ApiError(400, 'Please correct the highlighted fields.', errors)
	try {
		const picture = await storePicture(deps.db, Buffer.from(await file.arrayBuffer()), { folder: 'popup', widths: POPUP_PICTURE_WIDTHS, alt: fields.data.sAlt })
		return { message: POPUP_MESSAGES.pictureAdded, data: await setPopupPicture(deps.db, caller.staff, deps.settings?.branch.name, picture), status: 201 }
	} catch (error) {
		if (error instanceof ImageError) throw new ApiError(400, 'Please correct the highlighted fields.', { file: [error.message] })
		throw error
	}
})

handle(popupRoutes, officePopupEndpoints.removePicture, async ({ deps, caller }) => ({
	message: POPUP_MESSAGES.pictureRemoved,
	data: await setPopupPicture(deps.db, caller.staff, deps.settings?.branch.name, null),
}))
