// Newsletter calls (docs/spec.md §7, app/contract/newsletters.ts): the archive list and the subscription,
// confirmed by the link in its welcome mail (links.ts).
import { Hono } from 'hono'
import { newsletterEndpoints, SUBSCRIBE_RATE_LIMITS, SUBSCRIBED_MESSAGE } from '~/contract/newsletters'
import { handle } from '../endpoints'
import { clientAddress, enforceRateLimits } from '../rate-limit'
import { listPublishedIssues, subscribe } from './service'
import type { ApiEnv } from '../env'

export const newsletterRoutes = new Hono<ApiEnv>()

handle(newsletterRoutes, newsletterEndpoints.list, async ({ deps: { db }, query }) => ({
	message: 'Newsletters',
	data: await listPublishedIssues(db, query),
}))

handle(newsletterRoutes, newsletterEndpoints.subscribe, async ({ c, deps: { db, mail }, body: subscription }) => {
	await enforceRateLimits(c, [
		{ key: `subscribe:email:${subscription.sEmail}`, ...SUBSCRIBE_RATE_LIMITS.perEmail },
		{ key: `subscribe:client:${clientAddress(c)}`, ...SUBSCRIBE_RATE_LIMITS.perClient },
	])
	await subscribe(db, mail, subscription, clientAddress(c))
	return { message: SUBSCRIBED_MESSAGE, data: undefined }
})
