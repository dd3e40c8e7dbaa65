// The office's reports (contract: app/contract/office/reports.ts).
import { Hono } from 'hono'
import { CSV_CONTENT_TYPE } from '~/contract/csv'
import { OFFICE_REPORT_MESSAGES, officeReportEndpoints } from '~/contract/office/reports'
import { handle } from '../../endpoints'
import { fileAnswer } from '../../http'
import { cpeHoursCsv, cpeHoursReport } from './cpe-hours'
import { gstRegister, gstRegisterCsv } from './gst-register'
import { onlineSettlement, onlineSettlementCsv } from './online-settlement'
import { type ApiEnv, branchSettings } from '../../env'

export const officeReportRoutes = new Hono<ApiEnv>()

handle(officeReportRoutes, officeReportEndpoints.gstRegister, async ({ deps, query }) => {
	const register = await gstRegister(deps.db, query.oFilter)
	if (query.sFormat === 'csv') return fileAnswer(gstRegisterCsv(register), CSV_CONTENT_TYPE, `gst-register-${register.dFrom}-to-${register.dTo}.csv`)
	return { message: OFFICE_REPORT_MESSAGES.gstRegister, data: register }
})

handle(officeReportRoutes, officeReportEndpoints.cpeHours, async ({ c, deps, query }) => {
	const report = await cpeHoursReport(deps.db, query.oFilter, branchSettings(c).cpe)
	const span = report.nFromYear === report.nToYear ? `${report.nFromYear}` : `${report.nFromYear}-${report.nToYear}`
	if (query.sFormat === 'csv') return fileAnswer(cpeHoursCsv(report), CSV_CONTENT_TYPE, `cpe-hours-${span}.csv`)
	return { message: OFFICE_REPORT_MESSAGES.cpeHours, data: report }
})

handle(officeReportRoutes, officeReportEndpoints.onlineSettlement, async ({ deps, query }) => {
	const settlement = await onlineSettlement(deps.db, query.oFilter)
	if (query.sFormat === 'csv')
		return fileAnswer(onlineSettlementCsv(settlement), CSV_CONTENT_TYPE, `online-payments-${settlement.dFrom}-to-${settlement.dTo}.csv`)
	return { message: OFFICE_REPORT_MESSAGES.onlineSettlement, data: settlement }
})
