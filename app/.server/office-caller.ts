// The staff user's context, set once per request by the office's middleware (the layout's, and the
// office's resource routes'): the session, the staff user, and the API as them. A page names the
// API entry it is about (`officeCaller`), so a page and its calls agree on who may open it.
import { createContext, data, type MiddlewareFunction } from 'react-router'
import { admits, refusalFor, type OfficeAccess } from '~/contract/office/staff-roles'
import { requestInfoContext } from './context'
import { requireOffice, type OfficeContext } from './office-session'

const officeCallerContext = createContext<OfficeContext>()

/** Reads and checks the office session once: a visitor without a live one signs in and comes back. */
export const officeMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }) => {
	context.set(officeCallerContext, await requireOffice(request, url, context.get(requestInfoContext).clientAddress))
}

type Args = { context: { get: (key: typeof officeCallerContext) => OfficeContext } }

/** The staff user, whatever page; the layout's frame shows them. */
export const officeStaff = ({ context }: Args) => context.get(officeCallerContext)

/** `entry`: the API entry the page is about; its roles are the page's, and any other role gets the 403 page. */
export function officeCaller(args: Args, entry: { access: OfficeAccess }) {
	const caller = officeStaff(args)
	if (!admits(entry.access, caller.staff.sRole)) throw data(refusalFor(caller.staff.sRole), { status: 403 })
	return caller
}
