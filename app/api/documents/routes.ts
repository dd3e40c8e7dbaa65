// The person's tickets (contract: app/contract/documents.ts) and the public verification of issued documents.
import { Hono } from 'hono'
import { DOCUMENT_MESSAGES, documentEndpoints } from '~/contract/documents'
import { handle } from '../endpoints'
import { ApiError, fileAnswer } from '../http'
import { clientAddress, enforceRateLimits } from '../rate-limit'
import { ticketOf, ticketPdf, ticketsOf } from './tickets'
import { verifyDocument } from './verify'
import { type ApiEnv, branchSettings } from '../env'

export const documentRoutes = new Hono<ApiEnv>()

/** Enough for an auditor checking a pile of papers; far too few to search 50-bit codes. */
export const VERIFY_LIMITS = [{ limit: 60, windowSeconds: 10 * 60 }] as const

handle(documentRoutes, documentEndpoints.tickets, async ({ c, deps: { db }, caller: { account } }) => ({
	message: DOCUMENT_MESSAGES.tickets,
	data: await ticketsOf(db, branchSettings(c).documents.ticketSecret, account.id),
}))

handle(documentRoutes, documentEndpoints.ticketPdf, async ({ c, deps: { db }, caller: { account }, params: { iRegistrationId } }) => {
	const settings = branchSettings(c)
	const found = await ticketOf(db, settings.documents.ticketSecret, iRegistrationId, account.id)
	if (!found) throw new ApiError(404, DOCUMENT_MESSAGES.noTicket)
	return fileAnswer(await ticketPdf(settings.branch, found), 'application/pdf', `ticket-${iRegistrationId}.pdf`)
})

handle(documentRoutes, documentEndpoints.verify, async ({ c, deps: { db }, params: { sCode } }) => {
	await enforceRateLimits(
		c,
		VERIFY_LIMITS.map((limit) => ({ ...limit, key: `verify:${clientAddress(c)}` })),
	)
	const document = await verifyDocument(db, sCode, branchSettings(c))
	if (!document) throw new ApiError(404, DOCUMENT_MESSAGES.unknownCode)
	return { message: DOCUMENT_MESSAGES.verified, data: document }
})
