// /events/download/receipt?iPaymentId=N (docs/spec.md §2, protected): the tax invoice and
// receipt of one of the signed-in person's payments, as the API's PDF (with `sDocument=credit-note`,
// the credit note of a refunded one). Its middleware answers
// with the file; when there is none to give, the loader's 404 renders in the layout like any
// missing page (decision 0016), which a resource route could not do.
import { data } from 'react-router'
import { visitorContext, type VisitorCaller } from '~/.server/caller'
import { fileResponse } from '~/.server/downloads'
import { requireRole } from '~/.server/guard'
import { RECEIPT_MESSAGES, receiptQuerySchema } from '~/contract/receipts'
import type { Route } from './+types/events-download-receipt'

/** A member or a student may download their own receipts; anyone else signs in (as a member) first. */
async function downloader(request: Request, url: URL, visitor: VisitorCaller) {
	const account = await visitor.signedIn()
	if (account) return account
	await requireRole(request, url, 'member')
	return visitor.as('member')
}

export const middleware: Route.MiddlewareFunction[] = [
	async ({ request, url, context }, next) => {
		const { api } = await downloader(request, url, context.get(visitorContext))
		const query = receiptQuerySchema.safeParse(Object.fromEntries(url.searchParams))
		if (!query.success) return next()
		const { receipts } = api
		const document = query.data.sDocument === 'credit-note' ? receipts.creditNote : receipts.receipt
		const answer = await document({ iPaymentId: query.data.iPaymentId })
		if (answer.status === 404) return next()
		if (!answer.ok) throw data(answer.message, { status: answer.status })
		return fileResponse(answer.file)
	},
]

/** Reached only when there is no receipt to give: someone else's payment, an unpaid one, a bad id. */
export function loader() {
	throw data(RECEIPT_MESSAGES.noReceipt, { status: 404 })
}

export default function ReceiptDownload() {
	return null
}
