// The protected areas /member/* and /student/* (spec §2, §6): one layout for both, whose
// middleware checks the role before any page below it runs.
import { Outlet } from 'react-router'
import { areaRole, requireRole } from '~/.server/guard'
import type { Route } from './+types/protected-area'

export const middleware: Route.MiddlewareFunction[] = [
	async ({ request, url }) => {
		await requireRole(request, url, areaRole(url))
	},
]

export default function ProtectedArea() {
	return <Outlet />
}
