// The record an office page is about, from the page's address. A malformed or unknown id is the
// 404 page, in the record's own words.
import { OFFICE_EVENT_MESSAGES } from '~/contract/office/events'
import type { OfficeContext } from './office-session'
import { dataOf, recordIdParam } from './replies'

type Api = OfficeContext['api']

export const eventIdOf = (params: { iEventId: string }) => recordIdParam(params.iEventId, OFFICE_EVENT_MESSAGES.notFound)

/** An event, with its registrations counted. */
export const loadEvent = async (api: Api, params: { iEventId: string }) => dataOf(await api.officeEvents.details({ iEventId: eventIdOf(params) }))
