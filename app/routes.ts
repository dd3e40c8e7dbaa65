// Every URL of the portal in one table (docs/spec.md §2), grouped by section of the site.
import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes'
import { PUBLIC_PAGES } from './public-pages'

export default [
	// The public pages (app/public-pages.ts: the render cache, the island and the sitemap read the same list).
	...PUBLIC_PAGES.map(({ path, file, id }) => (path === '/' ? index(file) : id ? route(path.slice(1), file, { id }) : route(path.slice(1), file))),
	route('events/upcoming-events', 'routes/upcoming-events.tsx'),
	// Public verification of issued documents: rate-limited by the API, so never in the render cache.
	route('verify', 'routes/verify.tsx', { id: 'verify-form' }),
	route('verify/:sCode', 'routes/verify.tsx'),
	route('events/event-details/:iEventId/calendar', 'routes/event-calendar.ts'),

	// Accounts: sign-up, sign-in and password reset for both roles, logout.
	route('register', 'routes/register.tsx'),
	route('member/login', 'routes/login.tsx', { id: 'member-login' }),
	route('student/login', 'routes/login.tsx', { id: 'student-login' }),
	route('member/forgot-password', 'routes/forgot-password.tsx', { id: 'member-forgot-password' }),
	route('student/forgot-password', 'routes/forgot-password.tsx', { id: 'student-forgot-password' }),
	route('logout', 'routes/logout.tsx'),
	route('account-closed', 'routes/account-closed.tsx'),
	route('places/cities', 'routes/places-cities.ts'),

	// The footer's subscription form.
	route('newsletter/subscribe', 'routes/newsletter-subscribe.ts'),
	route('newsletter/confirm/:sToken', 'routes/newsletter-confirm.tsx'),
	route('newsletter/unsubscribe/:sToken', 'routes/newsletter-unsubscribe.tsx'),

	// Protected areas: their layout checks the role before any child runs. /member and /student
	// themselves redirect for everyone (docs/spec.md §2); the page they lead to then asks a visitor to sign in.
	route('member', 'routes/area-index.tsx', { id: 'member-index' }),
	route('student', 'routes/area-index.tsx', { id: 'student-index' }),
	layout(
		'routes/protected-area.tsx',
		{ id: 'member-area' },
		prefix('member', [
			// The member dashboard: the CPE ledger and attendance certificates.
			route('cpe', 'routes/member-cpe.tsx'),
			route('cpe/certificate/:iRegistrationId', 'routes/member-cpe-certificate.tsx'),
			route('profile', 'routes/profile.tsx', { id: 'member-profile' }),
			route('change-password', 'routes/change-password.tsx', { id: 'member-change-password' }),
			// The person's own data: the download and closing the account (decision 0044).
			route('my-data.json', 'routes/own-data-file.tsx', { id: 'member-data-json' }),
			route('my-data.html', 'routes/own-data-file.tsx', { id: 'member-data-html' }),
			route('close-account', 'routes/close-account.tsx', { id: 'member-close-account' }),
			// Payments, and announcements from the branch office.
			route('payments', 'routes/member-payments.tsx'),
			// Tickets of confirmed registrations, for the door (decision 0053).
			route('tickets', 'routes/member-tickets.tsx'),
			route('tickets/:iRegistrationId/ticket.pdf', 'routes/member-ticket-pdf.tsx'),
			route('announcements', 'routes/member-announcements.tsx'),
			route('announcements/:iAnnouncementId', 'routes/member-announcement.tsx'),
		]),
	),
	layout(
		'routes/protected-area.tsx',
		{ id: 'student-area' },
		prefix('student', [
			route('update-profile', 'routes/profile.tsx', { id: 'student-profile' }),
			route('change-password', 'routes/change-password.tsx', { id: 'student-change-password' }),
			route('my-data.json', 'routes/own-data-file.tsx', { id: 'student-data-json' }),
			route('my-data.html', 'routes/own-data-file.tsx', { id: 'student-data-html' }),
			route('close-account', 'routes/close-account.tsx', { id: 'student-close-account' }),
		]),
	),

	// Event registration: the sandbox payment provider's checkout page, and a payment's tax
	// invoice and receipt, for members and students (docs/spec.md §2: protected).
	route('payments/sandbox/checkout/:sReference', 'routes/sandbox-checkout.tsx'),
	route('payments/razorpay/checkout/:sReference', 'routes/razorpay-checkout.tsx'),
	route('payments/razorpay/callback/:sReference', 'routes/razorpay-callback.tsx'),
	route('events/download/receipt', 'routes/events-download-receipt.tsx'),

	// The branch office: sign-in apart, everything else inside the office layout, which checks the office session.
	route('office/login', 'routes/office/login.tsx'),
	route('office/login/code', 'routes/office/login-code.tsx'),
	route('office/logout', 'routes/office/logout.tsx'),
	route('office', 'routes/office/layout.tsx', [
		index('routes/office/dashboard.tsx'),
		route('events', 'routes/office/events.tsx'),
		route('events/new', 'routes/office/event-edit.tsx', { id: 'office-event-new' }),
		route('events/:iEventId', 'routes/office/event-edit.tsx', { id: 'office-event-edit' }),
		route('events/:iCopyOf/copy', 'routes/office/event-edit.tsx', { id: 'office-event-copy' }),
		route('events/:iEventId/delete', 'routes/office/event-delete.tsx'),
		route('events/:iEventId/cancel', 'routes/office/event-cancel.tsx'),
		route('newsletters', 'routes/office/newsletters.tsx'),
		route('newsletters/new', 'routes/office/newsletter-new.tsx'),
		route('newsletters/:iRecordId', 'routes/office/newsletter.tsx'),
		route('newsletters/:iRecordId/delete', 'routes/office/newsletter-delete.tsx'),
		route('newsletters/:iRecordId/mailing', 'routes/office/newsletter-mailing.tsx'),
		route('mail', 'routes/office/mail.tsx'),
		route('gallery', 'routes/office/albums.tsx'),
		route('gallery/new', 'routes/office/album-new.tsx'),
		route('gallery/:iRecordId', 'routes/office/album.tsx'),
		route('gallery/:iRecordId/delete', 'routes/office/album-delete.tsx'),
		route('gallery/:iRecordId/photos/:iPhotoId/delete', 'routes/office/photo-delete.tsx'),
		route('committees', 'routes/office/committees.tsx'),
		route('committees/new', 'routes/office/committee-new.tsx'),
		route('committees/:iCommitteeId', 'routes/office/committee.tsx'),
		route('committees/:iCommitteeId/delete', 'routes/office/committee-delete.tsx'),
		route('committees/:iCommitteeId/people/new', 'routes/office/committee-person-new.tsx'),
		route('committees/:iCommitteeId/people/:iPersonId', 'routes/office/committee-person.tsx'),
		route('committees/:iCommitteeId/people/:iPersonId/delete', 'routes/office/committee-person-delete.tsx'),
		route('pages', 'routes/office/pages.tsx'),
		route('pages/:sSlug', 'routes/office/page-edit.tsx'),
		route('popup', 'routes/office/popup.tsx'),
		route('announcements', 'routes/office/announcements.tsx'),
		route('announcements/:iAnnouncementId', 'routes/office/announcement.tsx'),
		route('announcements/:iAnnouncementId/withdraw', 'routes/office/announcement-withdraw.tsx'),
		route('payments', 'routes/office/payments.tsx'),
		route('payments/:iPaymentId', 'routes/office/payment.tsx'),
		route('payments/:iPaymentId/refund', 'routes/office/payment-refund.tsx'),
		route('events/:iEventId/registrations', 'routes/office/event-registrations.tsx'),
		route('events/:iEventId/attendance-sheet', 'routes/office/attendance-sheet.tsx'),
		route('events/:iEventId/write-to-registrants', 'routes/office/event-write.tsx'),
		route('events/:iEventId/check-in', 'routes/office/check-in.tsx'),
		route('accounts', 'routes/office/accounts.tsx'),
		route('accounts/:iAccountId', 'routes/office/account.tsx'),
		route('subscribers', 'routes/office/subscribers.tsx'),
		route('reports', 'routes/office/reports.tsx'),
		route('staff', 'routes/office/staff.tsx'),
		route('audit', 'routes/office/audit.tsx'),
		route('two-factor', 'routes/office/two-factor.tsx'),
	]),
	route('office/files/:sKind', 'routes/office/files.ts'),
	route('office/events/:iEventId/check-in/scan', 'routes/office/check-in-scan.ts'),
	route('office/gallery/:iRecordId/photos', 'routes/office/album-photos.ts'),
	route('office/newsletters/upload', 'routes/office/newsletter-upload.ts'),

	route('api/*', 'routes/api.ts'),
	route('robots.txt', 'routes/robots-txt.ts'),
	route('sitemap.xml', 'routes/sitemap-xml.ts'),
	route('site.webmanifest', 'routes/site-webmanifest.ts'),
	route('*', 'routes/unknown-path.ts'),
] satisfies RouteConfig
