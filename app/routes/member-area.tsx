import { Outlet } from 'react-router'
import { requireRole } from '~/.server/guard'
import type { Route } from './+types/member-area'

export const middleware: Route.MiddlewareFunction[] = [({ request, url }) => requireRole(request, url, 'member').then(() => undefined)]

export default function MemberArea() {
	return <Outlet />
}
