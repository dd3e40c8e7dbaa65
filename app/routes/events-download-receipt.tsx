// /events/download/receipt?iPaymentId=N (spec §2, protected): the tax invoice and
// receipt of one of the signed-in person's payments, as the API's PDF (with `sDocument=credit-note`,
// the credit note of a refunded one). Its middleware answers
// with the file; when there is none to give, the loader's 404 renders in the layout like any
// missing page (decision 0016), which a resource route could not do.
import { data } from 'react-router'
import { accountApi } from '~/.server/accounts'
import { fileResponse } from '~/.server/downloads'
import { requireRole } from '~/.server/guard'
import { getSession, signedInRole } from '~/.server/session'
import { RECEIPT_MESSAGES, receiptQuerySchema } from '~/contract/receipts'
import type { Route } from './+types/events-download-receipt'

/** A member or a student may download their own receipts; anyone else signs in (as a member) first. */
async function downloaderRole(request: Request, url: URL) {
	const role = signedInRole(await getSession(request))
	if (role) return role
	await requireRole(request, url, 'member')
	return 'member' as const
}

export const middleware: Route.MiddlewareFunction[] = [
	async ({ request, url }, next) => {
		const role = await downloaderRole(request, url)
		const query = receiptQuerySchema.safeParse(Object.fromEntries(url.searchParams))
		if (!query.success) return next()
		const { receipts } = await accountApi(request, role)
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
