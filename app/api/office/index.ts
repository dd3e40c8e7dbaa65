// The office's side of the branch API and the announcements it posts, as one router for app.ts.
import { Hono } from 'hono'
import type { ApiEnv } from '../app'
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
import { staffAuthRoutes } from './routes'
import { officeStaffRoutes } from './staff-routes'
import { officeSubscriberRoutes } from './subscribers/routes'

export const officeApi = new Hono<ApiEnv>().route('/', staffAuthRoutes).route('/', announcementRoutes).route('/', officePaymentRoutes).route('/', officeRegistrationRoutes).route('/', officeReportRoutes).route('/', officeAccountRoutes).route('/', officeSubscriberRoutes).route('/', officeDashboardRoutes).route('/', officeStaffRoutes).route('/', officeEventRoutes).route('/', officePageRoutes).route('/', officeNewsletterRoutes).route('/', officeGalleryRoutes).route('/', officeCommitteeRoutes)
