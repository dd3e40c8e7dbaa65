// Leaving the newsletter through the signed link in its mails (contract: app/contract/mailings.ts).
// The answer is the same whether or not the address was still on the list.
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { UNSUBSCRIBE_MESSAGES, unsubscribeEndpoints } from '~/contract/mailings'
import type { ApiEnv } from '../app'
import { newsletterSubscriptions } from '../db/schema'
import { handle } from '../endpoints'
import { ApiError } from '../http'
import { mailDeps } from '../mail/mailings'
import { readUnsubscribeToken } from '../mail/unsubscribe-link'

export const unsubscribeRoutes = new Hono<ApiEnv>()

function subscriptionOf(signingKey: string, token: string) {
	const subscriptionId = readUnsubscribeToken(signingKey, token)
	if (subscriptionId === null) throw new ApiError(400, UNSUBSCRIBE_MESSAGES.badLink, { sToken: [UNSUBSCRIBE_MESSAGES.badLink] })
	return subscriptionId
}

handle(unsubscribeRoutes, unsubscribeEndpoints.check, async ({ c, body }) => {
	subscriptionOf(mailDeps(c).signingKey, body.sToken)
	return { message: 'The link is genuine.', data: undefined }
})

handle(unsubscribeRoutes, unsubscribeEndpoints.unsubscribe, async ({ c, deps, body }) => {
	const subscriptionId = subscriptionOf(mailDeps(c).signingKey, body.sToken)
	await deps.db.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, subscriptionId))
	deps.log.info({ subscriptionId }, 'Unsubscribed from the newsletter')
	return { message: UNSUBSCRIBE_MESSAGES.done, data: undefined }
})
