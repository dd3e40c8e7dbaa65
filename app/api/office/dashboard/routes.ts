// The office dashboard's figures (contract: app/contract/office/dashboard.ts), with the backups'
// state when the server runs them, and, for those who manage the staff, wrong codes after right passwords.
import { Hono } from 'hono'
import { officeDashboardEndpoints } from '~/contract/office/dashboard'
import { officeStaffEndpoints } from '~/contract/office/staff'
import { admits } from '~/contract/office/staff-roles'
import { handle } from '../../endpoints'
import { backupSummary, officeDashboard, wrongCodeAlerts } from './service'
import type { ApiEnv } from '../../env'

export const officeDashboardRoutes = new Hono<ApiEnv>()

handle(officeDashboardRoutes, officeDashboardEndpoints.summary, async ({ deps, caller }) => {
	const data = await officeDashboard(deps.db)
	const managesStaff = admits(officeStaffEndpoints.list.access, caller.staff.role)
	return {
		message: 'Office dashboard',
		data: {
			...data,
			...(managesStaff ? { aWrongCodeAlerts: await wrongCodeAlerts(deps.db) } : {}),
			...(deps.backups ? { oBackups: backupSummary(await deps.backups(), new Date()) } : {}),
		},
	}
})
