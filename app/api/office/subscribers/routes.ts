// The office's subscriber calls (contract: app/contract/office/subscribers.ts).
import { Hono } from 'hono'
import { CSV_CONTENT_TYPE } from '~/contract/csv'
import { OFFICE_SUBSCRIBER_MESSAGES, officeSubscriberEndpoints } from '~/contract/office/subscribers'
import { handle } from '../../endpoints'
import { ApiError, fileAnswer } from '../../http'
import { removeSubscriber, subscriberPage, subscribersCsv } from './service'
import type { ApiEnv } from '../../env'

export const officeSubscriberRoutes = new Hono<ApiEnv>()

handle(officeSubscriberRoutes, officeSubscriberEndpoints.list, async ({ deps, query }) => {
	if (query.sFormat === 'csv') return fileAnswer(await subscribersCsv(deps.db, query.oFilter.sSearch), CSV_CONTENT_TYPE, 'subscribers.csv')
	return { message: OFFICE_SUBSCRIBER_MESSAGES.list, data: await subscriberPage(deps.db, query.oFilter.sSearch, query.oPaging) }
})

handle(officeSubscriberRoutes, officeSubscriberEndpoints.remove, async ({ deps, caller, params }) => {
	const removed = await removeSubscriber(deps.db, caller.staff, params.iSubscriberId)
	if (!removed) throw new ApiError(404, OFFICE_SUBSCRIBER_MESSAGES.notFound)
	return { message: OFFICE_SUBSCRIBER_MESSAGES.removed, data: { sEmail: removed.email } }
})
