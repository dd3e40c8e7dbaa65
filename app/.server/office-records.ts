// The record an office page is about, from the page's address. A malformed or unknown id is the
// 404 page, in the record's own words.
import { data } from 'react-router'
import { ANNOUNCEMENT_MESSAGES } from '~/contract/announcements'
import { OFFICE_COMMITTEE_MESSAGES } from '~/contract/office/committees'
import { OFFICE_EVENT_MESSAGES } from '~/contract/office/events'
import { OFFICE_GALLERY_MESSAGES } from '~/contract/office/gallery'
import { OFFICE_NEWSLETTER_MESSAGES } from '~/contract/office/newsletters'
import type { OfficeContext } from './office-session'
import { dataOf, recordIdParam } from './replies'

type Api = OfficeContext['api']

export const eventIdOf = (params: { iEventId: string }) => recordIdParam(params.iEventId, OFFICE_EVENT_MESSAGES.notFound)
export const announcementIdOf = (params: { iAnnouncementId: string }) => recordIdParam(params.iAnnouncementId, ANNOUNCEMENT_MESSAGES.notFound)
export const issueIdOf = (params: { iRecordId: string }) => recordIdParam(params.iRecordId, OFFICE_NEWSLETTER_MESSAGES.notFound)
export const albumIdOf = (params: { iRecordId: string }) => recordIdParam(params.iRecordId, OFFICE_GALLERY_MESSAGES.notFound)
export const committeeIdOf = (params: { iCommitteeId: string }) => recordIdParam(params.iCommitteeId, OFFICE_COMMITTEE_MESSAGES.notFound)
export const personIdOf = (params: { iPersonId: string }) => recordIdParam(params.iPersonId, OFFICE_COMMITTEE_MESSAGES.personNotFound)

/** The one item of a list the page is about (the API lists these records whole); its 404 if it is not there. */
function oneOf<T>(items: T[], isIt: (item: T) => boolean, notFound: string) {
	const item = items.find(isIt)
	if (item === undefined) throw data(notFound, { status: 404 })
	return item
}

/** An event, with its registrations counted. */
export const loadEvent = async (api: Api, params: { iEventId: string }) => dataOf(await api.officeEvents.details({ iEventId: eventIdOf(params) }))

/** An announcement, with how many members have read it. */
export async function loadAnnouncement(api: Api, params: { iAnnouncementId: string }) {
	const iAnnouncementId = announcementIdOf(params)
	return oneOf(dataOf(await api.officeAnnouncements.list({})), (item) => item.iAnnouncementId === iAnnouncementId, ANNOUNCEMENT_MESSAGES.notFound)
}

/** A newsletter issue, drafts included. */
export async function loadIssue(api: Api, params: { iRecordId: string }) {
	const iRecordId = issueIdOf(params)
	return oneOf(dataOf(await api.officeNewsletters.list({})), (item) => item.iRecordId === iRecordId, OFFICE_NEWSLETTER_MESSAGES.notFound)
}

/** An album, with its photos. */
export const loadAlbum = async (api: Api, params: { iRecordId: string }) => dataOf(await api.officeGallery.details({ iRecordId: albumIdOf(params) }))

const committeeOf = async (api: Api, iCommitteeId: number) =>
	oneOf(dataOf(await api.officeCommittees.list({})), (item) => item.iCommitteeId === iCommitteeId, OFFICE_COMMITTEE_MESSAGES.notFound)

/** A committee, with its people. */
export const loadCommittee = async (api: Api, params: { iCommitteeId: string }) => committeeOf(api, committeeIdOf(params))

/** A person, in the committee of the address, and that committee's title. */
export async function loadPerson(api: Api, params: { iCommitteeId: string; iPersonId: string }) {
	const [iCommitteeId, iPersonId] = [committeeIdOf(params), personIdOf(params)]
	const committee = await committeeOf(api, iCommitteeId)
	const person = oneOf(committee.aPeople, (item) => item.iPersonId === iPersonId, OFFICE_COMMITTEE_MESSAGES.personNotFound)
	return { committee: { iCommitteeId, sTitle: committee.sTitle }, person }
}
