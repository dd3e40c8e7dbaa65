// The office's events: drafts included, every field, with registration counts; writes keep the
// version rule, an audit record and the public cache's version in step.
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import { defaultMapUrl, OFFICE_EVENT_MESSAGES, type newEventSchema, type OfficeEvent, type officeEventsQuerySchema } from '~/contract/office/events'
import type { ResponsiveImage } from '~/contract/images'
import type { Database } from '../../db/client'
import { eventRegistrations, events, payments } from '../../db/schema'
import { containsPattern, eventSearchText, feesOf } from '../../events/service'
import { ApiError } from '../../http'
import { isMove, placeOf, recordEventChange } from '../../registrations/event-notices'
import { officeChange } from '../../shared/office-change'
import { updateVersioned } from '../../shared/versioned'

type EventRow = typeof events.$inferSelect
type EventForm = z.output<typeof newEventSchema>
type Actor = { id: number; username: string }

const labels = { thing: 'event', notFound: OFFICE_EVENT_MESSAGES.notFound }

/** The form's fields as columns; the rules' fields fall back as the public pages read them. */
function columnsOf(form: EventForm) {
	const row = {
		title: form.sTitle,
		category: form.sCategory,
		summary: form.sSummary,
		description: form.aParagraphs,
		startsAt: new Date(form.dStartDate),
		endsAt: new Date(form.dEndDate),
		venueName: form.sVenueName,
		venueAddress: form.sVenueAddress,
		city: form.sCity,
		mapUrl: form.sMapUrl ?? defaultMapUrl(form.sVenueName, form.sCity),
		speakers: form.aSpeakers,
		cpeHours: form.nCpeHours,
		cpeKind: form.sCpeKind,
		feePaise: form.nFeePaise,
		studentFeePaise: form.nStudentFeePaise,
		earlyBirdFeePaise: form.nEarlyBirdFeePaise,
		earlyBirdStudentFeePaise: form.nEarlyBirdStudentFeePaise,
		earlyBirdUntil: form.dEarlyBirdUntil,
		seatLimit: form.nSeatLimit,
		registrationClosesAt: form.dRegistrationClosesAt ? new Date(form.dRegistrationClosesAt) : null,
		cancellationCutoffAt: form.dCancellationCutoffAt ? new Date(form.dCancellationCutoffAt) : null,
		isPublished: form.bIsPublished,
	}
	return { ...row, searchText: eventSearchText(row), updatedAt: new Date() }
}

async function registrationCounts(db: Pick<Database, 'select'>, eventIds: number[]) {
	if (eventIds.length === 0) return new Map<number, { all: number; paid: number }>()
	const rows = await db
		.select({
			eventId: eventRegistrations.eventId,
			all: sql<number>`count(*) filter (where ${eventRegistrations.status} <> 'cancelled')::int`,
			paid: sql<number>`count(distinct ${eventRegistrations.id}) filter (where ${payments.status} = 'paid')::int`,
		})
		.from(eventRegistrations)
		.leftJoin(payments, eq(payments.registrationId, eventRegistrations.id))
		.where(inArray(eventRegistrations.eventId, eventIds))
		.groupBy(eventRegistrations.eventId)
	return new Map(rows.map((row) => [row.eventId, { all: row.all, paid: row.paid }]))
}

function toOfficeEvent(event: EventRow, counts?: { all: number; paid: number }): OfficeEvent {
	return {
		iEventId: event.id,
		sTitle: event.title,
		sSummary: event.summary,
		sCategory: event.category,
		dStartDate: event.startsAt.toISOString(),
		dEndDate: event.endsAt.toISOString(),
		sVenueName: event.venueName,
		sCity: event.city,
		nCpeHours: event.cpeHours,
		...feesOf(event),
		oImage: event.images[0] ?? null,
		aParagraphs: event.description,
		sVenueAddress: event.venueAddress,
		sMapUrl: event.mapUrl,
		aSpeakers: event.speakers,
		aImages: event.images,
		nSeatLimit: event.seatLimit,
		dRegistrationClosesAt: event.registrationClosesAt?.toISOString() ?? null,
		dUpdatedAt: event.updatedAt.toISOString(),
		bIsPublished: event.isPublished,
		dCancelledAt: event.cancelledAt?.toISOString() ?? null,
		dCancellationCutoffAt: event.cancellationCutoffAt?.toISOString() ?? null,
		sCpeKind: event.cpeKind,
		nVersion: event.version,
		nRegistrations: counts?.all ?? 0,
		nPaidRegistrations: counts?.paid ?? 0,
	}
}

export async function listOfficeEvents(db: Database, { oFilter }: z.output<typeof officeEventsQuerySchema>, now = new Date()) {
	const conditions: SQL[] = []
	if (oFilter.sWhen === 'upcoming') conditions.push(gte(events.endsAt, now))
	if (oFilter.sWhen === 'past') conditions.push(lt(events.endsAt, now))
	if (oFilter.sState === 'draft') conditions.push(eq(events.isPublished, false))
	if (oFilter.sState === 'published') conditions.push(and(eq(events.isPublished, true), isNull(events.cancelledAt))!)
	if (oFilter.sState === 'cancelled') conditions.push(isNotNull(events.cancelledAt))
	if (oFilter.sSearch) conditions.push(ilike(events.searchText, containsPattern(oFilter.sSearch)))
	const rows = await db
		.select()
		.from(events)
		.where(and(...conditions))
		.orderBy(oFilter.sWhen === 'past' ? desc(events.startsAt) : asc(events.startsAt), asc(events.id))
		.limit(200)
	const counts = await registrationCounts(
		db,
		rows.map((row) => row.id),
	)
	return rows.map((row) => toOfficeEvent(row, counts.get(row.id)))
}

export async function findOfficeEvent(db: Pick<Database, 'select'>, eventId: number) {
	const [event] = await db.select().from(events).where(eq(events.id, eventId)).limit(1)
	if (!event) throw new ApiError(404, OFFICE_EVENT_MESSAGES.notFound)
	return toOfficeEvent(event, (await registrationCounts(db, [eventId])).get(eventId))
}

export function createEvent(db: Database, actor: Actor, form: EventForm) {
	return officeChange(db, actor, async (tx) => {
		const [event] = await tx.insert(events).values(columnsOf(form)).returning({ id: events.id })
		return {
			result: event!.id,
			audit: {
				action: 'create',
				entity: 'event',
				entityId: event!.id,
				summary: `Created “${form.sTitle}”${form.bIsPublished ? ', published' : ' as a draft'}`,
			},
		}
	})
}

/** A draft made from another event: the fields as the office edited the copy, the pictures as the event has them. */
export function copyEvent(db: Database, actor: Actor, sourceId: number, form: EventForm) {
	return officeChange(db, actor, async (tx) => {
		const [source] = await tx.select({ title: events.title, images: events.images }).from(events).where(eq(events.id, sourceId))
		if (!source) throw new ApiError(404, OFFICE_EVENT_MESSAGES.notFound)
		const [event] = await tx
			.insert(events)
			.values({ ...columnsOf(form), images: source.images, isPublished: false })
			.returning({ id: events.id })
		return {
			result: event!.id,
			audit: { action: 'create', entity: 'event', entityId: event!.id, summary: `Copied “${source.title}” (event ${sourceId}) as the draft “${form.sTitle}”` },
		}
	})
}

/**
 * Saves an edit. When it moves an event people registered for (its time or venue changes before
 * it ends), the move is recorded and mailed to them: the mailing's id is answered, to be sent once committed.
 */
export function updateEvent(db: Database, actor: Actor, eventId: number, form: EventForm & { nVersion: number }, now = new Date()) {
	return officeChange(db, actor, async (tx) => {
		const [before] = await tx.select().from(events).where(eq(events.id, eventId)).for('update')
		const updated = await updateVersioned(tx, events, eventId, form.nVersion, columnsOf(form), labels)
		const moved = before && !updated.cancelledAt && before.endsAt > now && isMove(placeOf(before), placeOf(updated))
		const mailingId = moved ? await recordEventChange(tx, { event: updated, kind: 'moved', before: placeOf(before), createdBy: actor.id }) : null
		return {
			result: { id: updated.id, mailingId },
			audit: {
				action: 'update',
				entity: 'event',
				entityId: eventId,
				summary: `Edited “${form.sTitle}”${form.bIsPublished ? ' (published)' : ' (draft)'}${moved ? ', moved: its people are told' : ''}`,
			},
		}
	})
}

/** Publishes, unpublishes or cancels; a cancellation is mailed to the event's people (the mailing's id is answered). */
export function setEventState(db: Database, actor: Actor, eventId: number, nVersion: number, change: 'publish' | 'unpublish' | 'cancel') {
	return officeChange(db, actor, async (tx) => {
		const current = await findOfficeEvent(tx, eventId)
		if (change === 'cancel' && current.dCancelledAt) throw new ApiError(409, OFFICE_EVENT_MESSAGES.alreadyCancelled)
		const values = change === 'cancel' ? { cancelledAt: new Date() } : { isPublished: change === 'publish' }
		const updated = await updateVersioned(tx, events, eventId, nVersion, { ...values, updatedAt: new Date() }, labels)
		const mailingId = change === 'cancel' ? await recordEventChange(tx, { event: updated, kind: 'cancelled', createdBy: actor.id }) : null
		const summary = `${change === 'cancel' ? 'Cancelled' : change === 'publish' ? 'Published' : 'Unpublished'} “${current.sTitle}”`
		return { result: { id: eventId, mailingId }, audit: { action: change, entity: 'event', entityId: eventId, summary } }
	})
}

/** Only an event nobody registered for can go; one with registrations is cancelled instead. */
export function deleteEvent(db: Database, actor: Actor, eventId: number) {
	return officeChange(db, actor, async (tx) => {
		const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update')
		if (!event) throw new ApiError(404, OFFICE_EVENT_MESSAGES.notFound)
		const [registrations] = await tx.select({ n: count() }).from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId))
		if ((registrations?.n ?? 0) > 0) throw new ApiError(409, OFFICE_EVENT_MESSAGES.hasRegistrations)
		await tx.delete(events).where(eq(events.id, eventId))
		return { result: eventId, audit: { action: 'delete', entity: 'event', entityId: eventId, summary: `Deleted “${event.title}”` } }
	})
}

/** Adds or removes a picture under the event's row lock; the version moves on like any edit. */
export function changePictures(db: Database, actor: Actor, eventId: number, change: (images: ResponsiveImage[]) => ResponsiveImage[], summary: string) {
	return officeChange(db, actor, async (tx) => {
		const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update')
		if (!event) throw new ApiError(404, OFFICE_EVENT_MESSAGES.notFound)
		const images = change(event.images)
		await tx
			.update(events)
			.set({ images, version: event.version + 1, updatedAt: new Date() })
			.where(eq(events.id, eventId))
		return { result: images, audit: { action: 'update', entity: 'event', entityId: eventId, summary: `${summary} (“${event.title}”)` } }
	})
}
