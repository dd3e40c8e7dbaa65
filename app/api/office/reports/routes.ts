// The office's reports (contract: app/contract/office-reports.ts).
import { Hono } from 'hono'
import { OFFICE_REPORT_MESSAGES, officeReportEndpoints } from '~/contract/office-reports'
import type { ApiEnv } from '../../app'
import { handle } from '../../endpoints'
import { csvAnswer } from '../registrations/routes'
import { gstRegister, gstRegisterCsv } from './gst-register'

export const officeReportRoutes = new Hono<ApiEnv>()

handle(officeReportRoutes, officeReportEndpoints.gstRegister, async ({ deps, query }) => {
	const register = await gstRegister(deps.db, query.oFilter)
	if (query.sFormat === 'csv') return csvAnswer(gstRegisterCsv(register), `gst-register-${register.dFrom}-to-${register.dTo}.csv`)
	return { message: OFFICE_REPORT_MESSAGES.gstRegister, data: register }
})
