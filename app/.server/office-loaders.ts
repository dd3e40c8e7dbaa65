// The staff user's context for office loaders and actions: signed in to the office, in a role the
// page's API entry admits (app/.server/office-session.ts), so a page and its calls agree on who.
import type { OfficeAccess } from '~/contract/staff-roles'
import { requestInfoContext } from './context'
import { requireOffice } from './office-session'

type Args = { request: Request; url: URL; context: { get: (key: typeof requestInfoContext) => { clientAddress: string } } }

/** `entry`: the API entry the page is about; its roles are the page's. */
export const officeContext = ({ request, url, context }: Args, entry: { access: OfficeAccess }) => requireOffice(request, url, context.get(requestInfoContext).clientAddress, entry.access)
