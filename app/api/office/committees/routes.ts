// The office's committees, people and messages (contract: app/contract/office/committees.ts).
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { OFFICE_COMMITTEE_MESSAGES, officeCommitteeEndpoints } from '~/contract/office/committees'
import { contentChanged } from '../../content-version'
import { committeePeople, committees } from '../../db/schema'
import { encodePicture, saveEncodedPicture } from '../../media/pictures'
import { handle } from '../../endpoints'
import { ApiError } from '../../http'
import { ImageError } from '../../images'
import { recordAudit } from '../../shared/audit'
import { updateVersioned } from '../../shared/versioned'
import { findOfficeCommittee, findPersonRow, listOfficeCommittees, personValues, toOfficePerson } from './service'
import type { ApiEnv } from '../../env'

export const officeCommitteeRoutes = new Hono<ApiEnv>()

/** Portraits: the widths the seeded people have. */
const PORTRAIT_WIDTHS = [160, 320] as const
const portraitAlt = (fullName: string) => `Portrait of ${fullName}`

handle(officeCommitteeRoutes, officeCommitteeEndpoints.list, async ({ deps }) => ({ message: OFFICE_COMMITTEE_MESSAGES.list, data: await listOfficeCommittees(deps.db) }))

handle(officeCommitteeRoutes, officeCommitteeEndpoints.create, async ({ deps, caller, body }) => {
	const committee = await deps.db.transaction(async (tx) => {
		const [row] = await tx
			.insert(committees)
			.values({ title: body.sTitle, description: body.sDescription ?? '', sortOrder: body.nSortOrder ?? 0 })
			.returning()
		await recordAudit(tx, caller.staff, { action: 'create', entity: 'committee', entityId: row!.id, summary: `Added “${row!.title}”` })
		return findOfficeCommittee(tx, row!.id)
	})
	await contentChanged(deps.db)
	return { message: OFFICE_COMMITTEE_MESSAGES.created, data: committee, status: 201 }
})

handle(officeCommitteeRoutes, officeCommitteeEndpoints.update, async ({ deps, caller, params, body }) => {
	const committee = await deps.db.transaction(async (tx) => {
		const values = { title: body.sTitle, description: body.sDescription ?? '', sortOrder: body.nSortOrder ?? 0 }
		const row = await updateVersioned(tx, committees, params.iCommitteeId, body.nVersion, values, { thing: 'committee', notFound: OFFICE_COMMITTEE_MESSAGES.notFound })
		await recordAudit(tx, caller.staff, { action: 'update', entity: 'committee', entityId: row.id, summary: `Edited “${row.title}”` })
		return findOfficeCommittee(tx, row.id)
	})
	await contentChanged(deps.db)
	return { message: OFFICE_COMMITTEE_MESSAGES.saved, data: committee }
})

handle(officeCommitteeRoutes, officeCommitteeEndpoints.remove, async ({ deps, caller, params }) => {
	await deps.db.transaction(async (tx) => {
		const [removed] = await tx.delete(committees).where(eq(committees.id, params.iCommitteeId)).returning()
		if (!removed) throw new ApiError(404, OFFICE_COMMITTEE_MESSAGES.notFound)
		await recordAudit(tx, caller.staff, { action: 'delete', entity: 'committee', entityId: removed.id, summary: `Deleted “${removed.title}” and its people` })
	})
	await contentChanged(deps.db)
	return { message: OFFICE_COMMITTEE_MESSAGES.deleted, data: undefined }
})

handle(officeCommitteeRoutes, officeCommitteeEndpoints.addPerson, async ({ deps, caller, params, body }) => {
	const person = await deps.db.transaction(async (tx) => {
		const committee = await findOfficeCommittee(tx, params.iCommitteeId)
		const [row] = await tx
			.insert(committeePeople)
			.values({ committeeId: committee.iCommitteeId, ...personValues(body) })
			.returning()
		await recordAudit(tx, caller.staff, { action: 'create', entity: 'committee person', entityId: row!.id, summary: `Added ${row!.fullName} (${row!.role}) to “${committee.sTitle}”` })
		return toOfficePerson(row!)
	})
	await contentChanged(deps.db)
	return { message: OFFICE_COMMITTEE_MESSAGES.personAdded, data: person, status: 201 }
})

handle(officeCommitteeRoutes, officeCommitteeEndpoints.updatePerson, async ({ deps, caller, params, body }) => {
	const person = await deps.db.transaction(async (tx) => {
		const updated = await updateVersioned(tx, committeePeople, params.iPersonId, body.nVersion, personValues(body), { thing: 'person', notFound: OFFICE_COMMITTEE_MESSAGES.personNotFound })
		// The portrait's description follows the name.
		const row = updated.photo && updated.photo.sAlt !== portraitAlt(updated.fullName) ? (await tx.update(committeePeople).set({ photo: { ...updated.photo, sAlt: portraitAlt(updated.fullName) } }).where(eq(committeePeople.id, updated.id)).returning())[0]! : updated
		const message = row.message ? `, message ${row.messagePublished ? 'published' : 'not published'}` : ''
		await recordAudit(tx, caller.staff, { action: 'update', entity: 'committee person', entityId: row.id, summary: `Edited ${row.fullName} (${row.role})${message}` })
		return toOfficePerson(row)
	})
	await contentChanged(deps.db)
	return { message: OFFICE_COMMITTEE_MESSAGES.personSaved, data: person }
})

handle(officeCommitteeRoutes, officeCommitteeEndpoints.removePerson, async ({ deps, caller, params }) => {
	await deps.db.transaction(async (tx) => {
		const [removed] = await tx.delete(committeePeople).where(eq(committeePeople.id, params.iPersonId)).returning()
		if (!removed) throw new ApiError(404, OFFICE_COMMITTEE_MESSAGES.personNotFound)
		await recordAudit(tx, caller.staff, { action: 'delete', entity: 'committee person', entityId: removed.id, summary: `Deleted ${removed.fullName} (${removed.role})` })
	})
	await contentChanged(deps.db)
	return { message: OFFICE_COMMITTEE_MESSAGES.personDeleted, data: undefined }
})

handle(officeCommitteeRoutes, officeCommitteeEndpoints.setPortrait, async ({ c, deps, caller, params }) => {
	const form = await c.req.formData().catch(() => {
		throw new ApiError(400, 'Send the portrait as multipart/form-data.')
	})
	const file = form.get('file')
	if (!(file instanceof File) || file.size === 0) throw new ApiError(400, 'Please correct the highlighted fields.', { file: ['Choose a picture'] })
	const { fullName } = await findPersonRow(deps.db, params.iPersonId)
	let encoded
	try {
		encoded = await encodePicture(new Uint8Array(await file.arrayBuffer()), PORTRAIT_WIDTHS)
	} catch (error) {
		if (error instanceof ImageError) throw new ApiError(400, 'Please correct the highlighted fields.', { file: [error.message] })
		throw error
	}
	const person = await deps.db.transaction(async (tx) => {
		await findPersonRow(tx, params.iPersonId, { lock: true })
		const photo = await saveEncodedPicture(tx, encoded, { folder: 'committees', alt: portraitAlt(fullName) })
		const [row] = await tx.update(committeePeople).set({ photo }).where(eq(committeePeople.id, params.iPersonId)).returning()
		await recordAudit(tx, caller.staff, { action: 'update', entity: 'committee person', entityId: row!.id, summary: `New portrait of ${row!.fullName}` })
		return toOfficePerson(row!)
	})
	await contentChanged(deps.db)
	return { message: OFFICE_COMMITTEE_MESSAGES.portraitAdded, data: person, status: 201 }
})

handle(officeCommitteeRoutes, officeCommitteeEndpoints.removePortrait, async ({ deps, caller, params }) => {
	const person = await deps.db.transaction(async (tx) => {
		await findPersonRow(tx, params.iPersonId, { lock: true })
		const [row] = await tx.update(committeePeople).set({ photo: null }).where(eq(committeePeople.id, params.iPersonId)).returning()
		await recordAudit(tx, caller.staff, { action: 'update', entity: 'committee person', entityId: row!.id, summary: `Removed the portrait of ${row!.fullName}` })
		return toOfficePerson(row!)
	})
	await contentChanged(deps.db)
	return { message: OFFICE_COMMITTEE_MESSAGES.portraitRemoved, data: person }
})
