// /office/files/{kind}: the office's downloads (CSV lists and reports, tax invoices and credit
// notes), passed on from the API as they stream in. Each file's own entry admits its roles: the
// API's 403 for any other shows as the office's "not for your role" page.
import { data } from 'react-router'
import { fileResponse } from '~/.server/downloads'
import { officeCaller, officeMiddleware } from '~/.server/office-caller'
import { ANY_STAFF } from '~/contract/office/staff-roles'
import { recordIdSchema } from '~/contract/api'
import type { Route } from './+types/files'

const idOf = (url: URL, name: string) => {
	const id = recordIdSchema.safeParse(url.searchParams.get(name))
	if (!id.success) throw data('No such record.', { status: 404 })
	return id.data
}

const param = (url: URL, name: string) => url.searchParams.get(name) ?? undefined

/** Outside the office layout: the same one read of the office session. */
export const middleware: Route.MiddlewareFunction[] = [officeMiddleware]

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, { access: ANY_STAFF })
	const { url } = args
	const filter = (names: string[]) => Object.fromEntries(names.map((name) => [name, param(url, name)]))
	const answer = await (() => {
		switch (args.params.sKind) {
			case 'invoice':
				return api.officePayments.invoice({ iPaymentId: idOf(url, 'iPaymentId') })
			case 'credit-note':
				return api.officePayments.creditNote({ iPaymentId: idOf(url, 'iPaymentId') })
			case 'registrations':
				return api.officeRegistrations.listCsv({ iEventId: idOf(url, 'iEventId'), query: { sFormat: 'csv', oFilter: filter(['sStatus', 'sSearch']) } })
			case 'gst-register':
				return api.officeReports.gstRegisterCsv({ query: { sFormat: 'csv', oFilter: filter(['dFrom', 'dTo']) } })
			case 'online-settlement':
				return api.officeReports.onlineSettlementCsv({ query: { sFormat: 'csv', oFilter: filter(['dFrom', 'dTo']) } })
			case 'cpe-hours':
				return api.officeReports.cpeHoursCsv({ query: { sFormat: 'csv', oFilter: filter(['nYear', 'nBlockStart']) } })
			case 'subscribers':
				return api.officeSubscribers.listCsv({ query: { sFormat: 'csv', oFilter: filter(['sSearch']) } })
			default:
				throw data('No such download.', { status: 404 })
		}
	})()
	if (!answer.ok) throw data(answer.message, { status: answer.status })
	return fileResponse(answer.file)
}
