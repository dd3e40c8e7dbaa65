// The office's committees, people and messages (contract: app/contract/office/committees.ts).
import { Hono } from 'hono'
import { OFFICE_COMMITTEE_MESSAGES, officeCommitteeEndpoints } from '~/contract/office/committees'
import { encodePicture } from '../../media/pictures'
import { handle } from '../../endpoints'
import { ApiError } from '../../http'
import { ImageError } from '../../images'
import {
	addPerson,
	createCommittee,
	findPersonRow,
	listOfficeCommittees,
	removeCommittee,
	removePerson,
	setPortrait,
	updateCommittee,
	updatePerson,
} from './service'
import type { ApiEnv } from '../../env'

export const officeCommitteeRoutes = new Hono<ApiEnv>()

/** Portraits: the widths the seeded people have. */
const PORTRAIT_WIDTHS = [160, 320] as const

handle(officeCommitteeRoutes, officeCommitteeEndpoints.list, async ({ deps }) => ({
	message: OFFICE_COMMITTEE_MESSAGES.list,
	data: await listOfficeCommittees(deps.db),
}))

handle(officeCommitteeRoutes, officeCommitteeEndpoints.create, async ({ deps, caller, body }) => ({
	message: OFFICE_COMMITTEE_MESSAGES.created,
	data: await createCommittee(deps.db, caller.staff, body),
	status: 201,
}))

handle(officeCommitteeRoutes, officeCommitteeEndpoints.update, async ({ deps, caller, params, body }) => ({
	message: OFFICE_COMMITTEE_MESSAGES.saved,
	data: await updateCommittee(deps.db, caller.staff, params.iCommitteeId, body),
}))

handle(officeCommitteeRoutes, officeCommitteeEndpoints.remove, async ({ deps, caller, params }) => {
	await removeCommittee(deps.db, caller.staff, params.iCommitteeId)
	return { message: OFFICE_COMMITTEE_MESSAGES.deleted, data: undefined }
})

handle(officeCommitteeRoutes, officeCommitteeEndpoints.addPerson, async ({ deps, caller, params, body }) => ({
	message: OFFICE_COMMITTEE_MESSAGES.personAdded,
	data: await addPerson(deps.db, caller.staff, params.iCommitteeId, body),
	status: 201,
}))

handle(officeCommitteeRoutes, officeCommitteeEndpoints.updatePerson, async ({ deps, caller, params, body }) => ({
	message: OFFICE_COMMITTEE_MESSAGES.personSaved,
	data: await updatePerson(deps.db, caller.staff, params.iPersonId, body),
}))

handle(officeCommitteeRoutes, officeCommitteeEndpoints.removePerson, async ({ deps, caller, params }) => {
	await removePerson(deps.db, caller.staff, params.iPersonId)
	return { message: OFFICE_COMMITTEE_MESSAGES.personDeleted, data: undefined }
})

handle(officeCommitteeRoutes, officeCommitteeEndpoints.setPortrait, async ({ c, deps, caller, params }) => {
	const form = await c.req.formData().catch(() => {
		throw new ApiError(400, 'Send the portrait as multipart/form-data.')
	})
	const file = form.get('file')
	if (!(file instanceof File) || file.size === 0) throw new ApiError(400, 'Please correct the highlighted fields.', { file: ['Choose a picture'] })
	await findPersonRow(deps.db, params.iPersonId)
	// Encoding is slow: it is done before the transaction, which then only saves.
	let encoded
	try {
		encoded = await encodePicture(new Uint8Array(await file.arrayBuffer()), PORTRAIT_WIDTHS)
	} catch (error) {
		if (error instanceof ImageError) throw new ApiError(400, 'Please correct the highlighted fields.', { file: [error.message] })
		throw error
	}
	return { message: OFFICE_COMMITTEE_MESSAGES.portraitAdded, data: await setPortrait(deps.db, caller.staff, params.iPersonId, encoded), status: 201 }
})

handle(officeCommitteeRoutes, officeCommitteeEndpoints.removePortrait, async ({ deps, caller, params }) => ({
	message: OFFICE_COMMITTEE_MESSAGES.portraitRemoved,
	data: await setPortrait(deps.db, caller.staff, params.iPersonId, null),
}))
