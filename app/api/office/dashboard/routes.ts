// The office dashboard's figures (contract: app/contract/office/dashboard.ts), with the backups'
// state when the server runs them.
import { Hono } from 'hono'
import { officeDashboardEndpoints } from '~/contract/office/dashboard'
import { handle } from '../../endpoints'
import { backupSummary, officeDashboard } from './service'
import type { ApiEnv } from '../../env'

export const officeDashboardRoutes = new Hono<ApiEnv>()

handle(officeDashboardRoutes, officeDashboardEndpoints.summary, async ({ deps }) => {
	const data = await officeDashboard(deps.db)
	return { message: 'Office dashboard', data: deps.backups ? { ...data, oBackups: backupSummary(await deps.backups(), new Date()) } : data }
})
