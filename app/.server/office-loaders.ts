// The staff user's context for office loaders and actions: signed in to the office, with the role
// the page needs (app/.server/office-session.ts).
import type { StaffRole } from '~/contract/office'
import { requestInfoContext } from './context'
import { requireOffice } from './office-session'

type Args = { request: Request; url: URL; context: { get: (key: typeof requestInfoContext) => { clientAddress: string } } }

export const officeContext = ({ request, url, context }: Args, role?: StaffRole) => requireOffice(request, url, context.get(requestInfoContext).clientAddress, role)
