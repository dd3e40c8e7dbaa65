// The office's side of the branch API and the announcements it posts, as one router for app.ts.
import { Hono } from 'hono'
import { announcementRoutes } from '../announcements/routes'
import { officeAccountRoutes } from './accounts/routes'
import { officeDashboardRoutes } from './dashboard/routes'
import { officeCommitteeRoutes } from './committees/routes'
import { officeEventRoutes } from './events/routes'
import { officeGalleryRoutes } from './gallery/routes'
import { officeNewsletterRoutes } from './newsletters/routes'
import { officePageRoutes } from './pages/routes'
import { officePaymentRoutes } from './payments/routes'
import { officeRegistrationRoutes } from './registrations/routes'
import { officeReportRoutes } from './reports/routes'
import { staffAuthRoutes } from './sign-in/routes'
import { officeStaffRoutes } from './staff/routes'
import { officeTwoFactorRoutes } from './two-factor/routes'
import { officeMailingRoutes } from './mailings/routes'
import { officeRegistrantMailRoutes } from './registrant-mail/routes'
import { officeSubscriberRoutes } from './subscribers/routes'
import type { ApiEnv } from '../env'

export const officeApi = new Hono<ApiEnv>()
	.route('/', staffAuthRoutes)
	.route('/', announcementRoutes)
	.route('/', officePaymentRoutes)
	.route('/', officeRegistrationRoutes)
	.route('/', officeReportRoutes)
	.route('/', officeAccountRoutes)
	.route('/', officeSubscriberRoutes)
	.route('/', officeDashboardRoutes)
	.route('/', officeStaffRoutes)
	.route('/', officeTwoFactorRoutes)
	.route('/', officeEventRoutes)
	.route('/', officePageRoutes)
	.route('/', officeNewsletterRoutes)
	.route('/', officeMailingRoutes)
	.route('/', officeRegistrantMailRoutes)
	.route('/', officeGalleryRoutes)
	.route('/', officeCommitteeRoutes)
