// The office's pages in its navigation, each with the API entry it is about: a staff user sees
// the pages whose entry admits their role (app/contract/office/staff-roles.ts), and no others.
import { admits, type OfficeAccess } from '~/contract/office/staff-roles'
import type { StaffRole } from '~/contract/office/auth'
import { apiTable } from '~/contract/table'

type OfficePageLink = { to: string; label: string; entry: { access: OfficeAccess } }

const OFFICE_PAGES: OfficePageLink[] = [
	{ to: '/office', label: 'Dashboard', entry: apiTable.officeDashboard.summary },
	{ to: '/office/events', label: 'Events', entry: apiTable.officeEvents.list },
	{ to: '/office/newsletters', label: 'Newsletters', entry: apiTable.officeNewsletters.list },
	{ to: '/office/gallery', label: 'Gallery', entry: apiTable.officeGallery.list },
	{ to: '/office/committees', label: 'Committees', entry: apiTable.officeCommittees.list },
	{ to: '/office/pages', label: 'Pages', entry: apiTable.officePages.list },
	{ to: '/office/popup', label: 'Welcome popup', entry: apiTable.officePopup.details },
	{ to: '/office/announcements', label: 'Announcements', entry: apiTable.officeAnnouncements.list },
	{ to: '/office/mail', label: 'Mail', entry: apiTable.officeMailings.list },
	{ to: '/office/payments', label: 'Payments', entry: apiTable.officePayments.list },
	{ to: '/office/accounts', label: 'Accounts', entry: apiTable.officeAccounts.list },
	{ to: '/office/subscribers', label: 'Subscribers', entry: apiTable.officeSubscribers.list },
	{ to: '/office/reports', label: 'Reports', entry: apiTable.officeReports.gstRegister },
	{ to: '/office/staff', label: 'Staff', entry: apiTable.officeStaff.list },
	{ to: '/office/audit', label: 'Audit log', entry: apiTable.officeStaff.audit },
]

/** The navigation's links for a role. */
export const officePagesFor = (role: StaffRole) => OFFICE_PAGES.filter(({ entry }) => admits(entry.access, role)).map(({ to, label }) => ({ to, label }))
