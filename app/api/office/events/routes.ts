// The office's event calls (contract: app/contract/office/events.ts).
import { Hono } from 'hono'
import { eventPictureFieldsSchema, OFFICE_EVENT_MESSAGES, officeEventEndpoints } from '~/contract/office/events'
import { storePicture } from '../../media/pictures'
import { handle } from '../../endpoints'
import { ApiError, fieldErrors } from '../../http'
import { ImageError } from '../../images'
import { laneOf } from '../../mail/lanes'
import { changePictures, copyEvent, createEvent, deleteEvent, findOfficeEvent, listOfficeEvents, setEventState, updateEvent } from './service'
import type { ApiDeps, ApiEnv } from '../../env'

export const officeEventRoutes = new Hono<ApiEnv>()

/** Event pictures: the same widths the seeded events have, for `srcset`. */
const PICTURE_WIDTHS = [480, 960, 1440] as const

handle(officeEventRoutes, officeEventEndpoints.list, async ({ deps, query }) => ({
	message: OFFICE_EVENT_MESSAGES.list,
	data: await listOfficeEvents(deps.db, query),
}))

handle(officeEventRoutes, officeEventEndpoints.details, async ({ deps, params }) => ({
	message: 'Event',
	data: await findOfficeEvent(deps.db, params.iEventId),
}))

handle(officeEventRoutes, officeEventEndpoints.create, async ({ deps, caller, body }) => ({
	message: OFFICE_EVENT_MESSAGES.created,
	data: { iEventId: await createEvent(deps.db, caller.staff, body) },
	status: 201,
}))

/** Sends the mail a move or cancellation made, once its transaction is committed. */
async function sendNotice(deps: ApiDeps, mailingId: number | null) {
	if (mailingId !== null && deps.mail) await deps.mail.jobs.sendMailing(mailingId, laneOf('event-changed'))
}

handle(officeEventRoutes, officeEventEndpoints.copy, async ({ deps, caller, params, body }) => ({
	message: OFFICE_EVENT_MESSAGES.copied,
	data: { iEventId: await copyEvent(deps.db, caller.staff, params.iEventId, body) },
	status: 201,
}))

handle(officeEventRoutes, officeEventEndpoints.update, async ({ deps, caller, params, body }) => {
	await sendNotice(deps, (await updateEvent(deps.db, caller.staff, params.iEventId, body)).mailingId)
	return { message: OFFICE_EVENT_MESSAGES.saved, data: await findOfficeEvent(deps.db, params.iEventId) }
})

for (const change of ['publish', 'unpublish', 'cancel'] as const) {
	handle(officeEventRoutes, officeEventEndpoints[change], async ({ deps, caller, params, body }) => {
		await sendNotice(deps, (await setEventState(deps.db, caller.staff, params.iEventId, body.nVersion, change)).mailingId)
		const message = { publish: OFFICE_EVENT_MESSAGES.published, unpublish: OFFICE_EVENT_MESSAGES.unpublished, cancel: OFFICE_EVENT_MESSAGES.cancelled }[change]
		return { message, data: await findOfficeEvent(deps.db, params.iEventId) }
	})
}

handle(officeEventRoutes, officeEventEndpoints.remove, async ({ deps, caller, params }) => {
	await deleteEvent(deps.db, caller.staff, params.iEventId)
	return { message: OFFICE_EVENT_MESSAGES.deleted, data: undefined }
})

handle(officeEventRoutes, officeEventEndpoints.addPicture, async ({ c, deps, caller, params }) => {
	const form = await c.req.formData().catch(() => {
		throw new ApiError(400, 'Send the picture as multipart/form-data.')
	})
	const fields = eventPictureFieldsSchema.safeParse({ sAlt: form.get('sAlt') ?? '' })
	const file = form.get('file')
	const errors: Record<string, string[]> = fields.success ? {} : fieldErrors(fields.error)
	if (!(file instanceof File) || file.size === 0) errors.file = ['Choose a picture']
	if (!fields.success || !(file instanceof File) || file.size === 0) throw new ApiError(400, 'Please correct the highlighted fields.', errors)
	await findOfficeEvent(deps.db, params.iEventId)
	try {
		const picture = await storePicture(deps.db, Buffer.from(await file.arrayBuffer()), { folder: 'events', widths: PICTURE_WIDTHS, alt: fields.data.sAlt })
		const images = await changePictures(deps.db, caller.staff, params.iEventId, (images) => [...images, picture], `Added a picture: ${fields.data.sAlt}`)
		return { message: OFFICE_EVENT_MESSAGES.pictureAdded, data: images, status: 201 }
	} catch (error) {
		if (error instanceof ImageError) throw new ApiError(400, 'Please correct the highlighted fields.', { file: [error.message] })
		throw error
	}
})

handle(officeEventRoutes, officeEventEndpoints.removePicture, async ({ deps, caller, params }) => {
	const images = await changePictures(
		deps.db,
		caller.staff,
		params.iEventId,
		(images) => {
			if (!images[params.nIndex]) throw new ApiError(404, OFFICE_EVENT_MESSAGES.noSuchPicture)
			return images.filter((_, i) => i !== params.nIndex)
		},
		'Removed a picture',
	)
	return { message: OFFICE_EVENT_MESSAGES.pictureRemoved, data: images }
})
