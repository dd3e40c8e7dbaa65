// The branch API's calls, area by area: the one table both the API (app/api/endpoints.ts) and the
// portal's typed client (app/.server/typed-api.ts) are built from.
import { accountEndpoints } from './accounts'
import { memberAnnouncementEndpoints } from './announcements'
import { committeeEndpoints } from './committees'
import { cpeEndpoints } from './cpe'
import { eventEndpoints } from './events'
import { galleryEndpoints } from './gallery'
import { newsletterEndpoints } from './newsletters'
import { confirmSubscriptionEndpoints, officeMailingEndpoints, unsubscribeEndpoints } from './mailings'
import { officeAuthEndpoints } from './office/auth'
import { officeAccountEndpoints } from './office/accounts'
import { officeAnnouncementEndpoints } from './office/announcements'
import { officeDashboardEndpoints } from './office/dashboard'
import { officeCommitteeEndpoints } from './office/committees'
import { officeEventEndpoints } from './office/events'
import { officeGalleryEndpoints } from './office/gallery'
import { officeNewsletterEndpoints } from './office/newsletters'
import { officePageEndpoints } from './office/pages'
import { officePaymentEndpoints } from './office/payments'
import { officeRegistrantMailEndpoints } from './office/registrant-mail'
import { officeRegistrationEndpoints } from './office/registrations'
import { officeReportEndpoints } from './office/reports'
import { officeStaffEndpoints } from './office/staff'
import { officeTwoFactorEndpoints } from './office/two-factor'
import { ownDataEndpoints } from './own-data'
import { officeSubscriberEndpoints } from './office/subscribers'
import { receiptEndpoints } from './receipts'
import { documentEndpoints } from './documents'
import { registrationEndpoints } from './registrations'
import { siteEndpoints } from './site'
import { officePopupEndpoints, popupEndpoints } from './welcome-popup'

export const apiTable = {
	site: siteEndpoints,
	popup: popupEndpoints,
	accounts: accountEndpoints,
	ownData: ownDataEndpoints,
	announcements: memberAnnouncementEndpoints,
	committees: committeeEndpoints,
	events: eventEndpoints,
	gallery: galleryEndpoints,
	newsletters: newsletterEndpoints,
	registrations: registrationEndpoints,
	receipts: receiptEndpoints,
	documents: documentEndpoints,
	cpe: cpeEndpoints,
	officeAuth: officeAuthEndpoints,
	officeDashboard: officeDashboardEndpoints,
	officeEvents: officeEventEndpoints,
	officePages: officePageEndpoints,
	officePopup: officePopupEndpoints,
	officeNewsletters: officeNewsletterEndpoints,
	officeGallery: officeGalleryEndpoints,
	officeCommittees: officeCommitteeEndpoints,
	officePayments: officePaymentEndpoints,
	officeRegistrations: officeRegistrationEndpoints,
	officeRegistrantMail: officeRegistrantMailEndpoints,
	officeReports: officeReportEndpoints,
	officeAccounts: officeAccountEndpoints,
	officeSubscribers: officeSubscriberEndpoints,
	officeStaff: officeStaffEndpoints,
	officeTwoFactor: officeTwoFactorEndpoints,
	officeAnnouncements: officeAnnouncementEndpoints,
	officeMailings: officeMailingEndpoints,
	unsubscribe: unsubscribeEndpoints,
	confirmSubscription: confirmSubscriptionEndpoints,
} as const

export type ApiTable = typeof apiTable
