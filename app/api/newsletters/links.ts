// The signed links in mail to subscribers (contract: app/contract/mailings.ts): confirming the
// address from the welcome mail, and leaving the newsletter from any mail. Leaving answers the same
// whether or not the address was still on the list.
import { and, eq, isNull } from 'drizzle-orm'
import { Hono } from 'hono'
import { CONFIRM_MESSAGES, confirmSubscriptionEndpoints, UNSUBSCRIBE_MESSAGES, unsubscribeEndpoints } from '~/contract/mailings'
import type { Database } from '../db/client'
import { newsletterSubscriptions } from '../db/schema'
import { handle } from '../endpoints'
import { ApiError } from '../http'
import { readSignedLinkToken, SIGNED_LINKS, type SignedLink } from '../mail/signed-links'
import { clientAddress } from '../rate-limit'
import { type ApiEnv, mailDeps } from '../env'

export const subscriptionLinkRoutes = new Hono<ApiEnv>()

function subscriptionOf(signingKey: string, link: SignedLink, token: string, badLink: string) {
	const subscriptionId = readSignedLinkToken(signingKey, link, token)
	if (subscriptionId === null) throw new ApiError(400, badLink, { sToken: [badLink] })
	return subscriptionId
}

/** The subscription a genuine confirmation link names; one removed since (expired, unsubscribed) makes the link void. */
async function toConfirm(db: Database, signingKey: string, token: string) {
	const id = subscriptionOf(signingKey, SIGNED_LINKS.confirm, token, CONFIRM_MESSAGES.badLink)
	const [subscription] = await db
		.select({ id: newsletterSubscriptions.id, confirmedAt: newsletterSubscriptions.confirmedAt })
		.from(newsletterSubscriptions)
		.where(eq(newsletterSubscriptions.id, id))
	if (!subscription) throw new ApiError(400, CONFIRM_MESSAGES.badLink, { sToken: [CONFIRM_MESSAGES.badLink] })
	return subscription
}

handle(subscriptionLinkRoutes, confirmSubscriptionEndpoints.check, async ({ c, deps, body }) => {
	const subscription = await toConfirm(deps.db, mailDeps(c).signingKey, body.sToken)
	return { message: 'The link is genuine.', data: { bConfirmed: subscription.confirmedAt !== null } }
})

handle(subscriptionLinkRoutes, confirmSubscriptionEndpoints.confirm, async ({ c, deps, body }) => {
	const subscription = await toConfirm(deps.db, mailDeps(c).signingKey, body.sToken)
	// The first confirmation is the consent on record; a repeat (a second click) keeps it.
	const confirmed = await deps.db
		.update(newsletterSubscriptions)
		.set({ confirmedAt: new Date(), confirmedFrom: clientAddress(c) })
		.where(and(eq(newsletterSubscriptions.id, subscription.id), isNull(newsletterSubscriptions.confirmedAt)))
		.returning({ id: newsletterSubscriptions.id })
	if (confirmed.length > 0) deps.log.info({ subscriptionId: subscription.id }, 'Newsletter subscription confirmed')
	return { message: CONFIRM_MESSAGES.done, data: undefined }
})

handle(subscriptionLinkRoutes, unsubscribeEndpoints.check, async ({ c, body }) => {
	subscriptionOf(mailDeps(c).signingKey, SIGNED_LINKS.unsubscribe, body.sToken, UNSUBSCRIBE_MESSAGES.badLink)
	return { message: 'The link is genuine.', data: undefined }
})

handle(subscriptionLinkRoutes, unsubscribeEndpoints.unsubscribe, async ({ c, deps, body }) => {
	const subscriptionId = subscriptionOf(mailDeps(c).signingKey, SIGNED_LINKS.unsubscribe, body.sToken, UNSUBSCRIBE_MESSAGES.badLink)
	await deps.db.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, subscriptionId))
	deps.log.info({ subscriptionId }, 'Unsubscribed from the newsletter')
	return { message: UNSUBSCRIBE_MESSAGES.done, data: undefined }
})
