// The branch API's calls, area by area: the one table both the API (app/api/endpoints.ts) and the
// portal's typed client (app/.server/typed-api.ts) are built from.
import { eventEndpoints } from './events'
import { officeAuthEndpoints } from './office'
import { officeAccountEndpoints } from './office-accounts'
import { officeDashboardEndpoints } from './office-dashboard'
import { officeEventEndpoints } from './office-events'
import { officePaymentEndpoints } from './office-payments'
import { officeRegistrationEndpoints } from './office-registrations'
import { officeReportEndpoints } from './office-reports'
import { officeStaffEndpoints } from './office-staff'
import { officeSubscriberEndpoints } from './office-subscribers'

export const apiTable = {
	events: eventEndpoints,
	officeAuth: officeAuthEndpoints,
	officeDashboard: officeDashboardEndpoints,
	officeEvents: officeEventEndpoints,
	officePayments: officePaymentEndpoints,
	officeRegistrations: officeRegistrationEndpoints,
	officeReports: officeReportEndpoints,
	officeAccounts: officeAccountEndpoints,
	officeSubscribers: officeSubscriberEndpoints,
	officeStaff: officeStaffEndpoints,
} as const

export type ApiTable = typeof apiTable
