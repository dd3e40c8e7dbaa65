import { Outlet } from 'react-router'
import { requireRole } from '~/.server/guard'
import type { Route } from './+types/student-area'

export const middleware: Route.MiddlewareFunction[] = [({ request, url }) => requireRole(request, url, 'student').then(() => undefined)]

export default function StudentArea() {
	return <Outlet />
}
