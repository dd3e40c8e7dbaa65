// The accessibility statement and the privacy notice as they stand until the office writes its own
// (decision 0044): built from the branch's particulars in the configuration, never from demo text,
// so a live start has them from its first request. The other information pages start empty.
import { DEFAULT_PAGE_TITLES, type PageBlock, type PageSlug } from '~/contract/api'
import { CLOSURE_ERASES, closureKeeps } from '~/contract/account-closure'
import type { BranchIdentity } from '../branch-settings'

export type PageText = { title: string; summary: string; blocks: PageBlock[] }

const paragraph = (sText: string): PageBlock => ({ sType: 'paragraph', sText })
const heading = (sText: string): PageBlock => ({ sType: 'heading', sText })
const list = (aItems: readonly string[]): PageBlock => ({ sType: 'list', aItems: [...aItems] })
const link = (sText: string, sUrl: string): PageBlock => ({ sType: 'link', sText, sUrl })

/** A portal fronting another API, or a test of another area, has no particulars: the text then speaks of "the branch". */
function contactOf(branch: BranchIdentity | undefined) {
	if (!branch) return { name: 'the branch', who: 'The branch', reach: 'the branch office', email: null }
	return {
		name: branch.name,
		who: `The ${branch.name} of the ${branch.institute}`,
		reach: `the branch office at ${branch.address}, by e-mail to ${branch.email} or by phone on ${branch.phone}`,
		email: branch.email,
	}
}

function accessibilityStatement(branch: BranchIdentity | undefined): PageText {
	const contact = contactOf(branch)
	return {
		title: DEFAULT_PAGE_TITLES.accessibility,
		summary: 'How accessible this portal is, how it was tested, what is not right yet, and whom to tell.',
		blocks: [
			paragraph(
				`${contact.who} wants everyone to be able to use this portal: on a phone or a computer, with a keyboard alone, a screen reader or a text browser, on a slow connection, and with JavaScript turned off. We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA.`,
			),
			heading('How it was tested'),
			list([
				'Every page reached by the portal’s automated end-to-end tests is checked with axe-core, for the WCAG 2.0 and 2.1 level A and AA rules and axe’s best practices.',
				'Every one of those tests runs twice in Chromium: once with JavaScript on and once with it off. Every page and every form, from signing up to paying for an event and closing an account, works without JavaScript.',
				'The tests find every link, button and field by its role and its name, as a screen reader announces it, and use the keyboard alone for the skip link, the welcome popup, the photo viewer and closing an account.',
				'Pages were read in w3m, a text-only browser (this statement, the privacy notice, closing an account and the summary of your data among them), to check that they make sense without styles, scripts or pictures.',
			]),
			heading('What is not right yet'),
			list([
				'The success criteria new in WCAG 2.2 (such as the size of touch targets and focus not hidden behind other content) are not yet checked by the automated tests.',
				'Nobody who uses a screen reader every day (NVDA, JAWS, VoiceOver or TalkBack) has tested the portal yet.',
				'Tax invoices, receipts and certificates of attendance are PDF files without the structure screen readers use; newsletter issues are PDFs as the branch receives them.',
				'A photo in the gallery is described only as well as the branch office wrote its description.',
			]),
			heading('Tell us'),
			paragraph(
				`If something on the portal is hard to use, or you need a document in another form, please write to ${contact.reach}. Say which page it was and what happened; we will answer and fix what we can.`,
			),
			...(contact.email ? [link('Write to the branch office', `mailto:${contact.email}`)] : []),
		],
	}
}

function privacyNotice(branch: BranchIdentity | undefined, now: Date): PageText {
	const contact = contactOf(branch)
	const officer = branch?.grievance ?? (branch ? { officer: 'The branch secretary', email: branch.email } : null)
	return {
		title: DEFAULT_PAGE_TITLES.privacy,
		summary: 'What this portal keeps about you, why and for how long, whom to ask, and how to download your data or close your account.',
		blocks: [
			paragraph(
				`${contact.who} decides why and how the personal data on this portal is used, and is responsible for it under India’s Digital Personal Data Protection Act, 2023. This notice says what it keeps and what you can do about it.`,
			),
			heading('What we keep'),
			list([
				'Your account: full name, e-mail address, mobile number, membership or registration number, date of birth, state and city; for members, the firm or company name, the GST number if you give one, a profile picture if you upload one, and whether you want updates by e-mail or WhatsApp; for students, the course.',
				'Your password only as a one-way hash, which nobody can turn back into the password.',
				'Your event registrations, waiting lists, payments, tax invoices and credit notes, attendance, and the CPE hours you record.',
				'Newsletter subscriptions: the name, membership number and e-mail address given on the form.',
				'Which announcements you have read, and a record of the mails the branch sent you.',
				'A session cookie while you are signed in (a random number, nothing about you), and, for a year after a sign-in, a cookie holding a code that lets that browser past the limit on wrong sign-ins. The portal uses no advertising, tracking or analytics cookies.',
			]),
			heading('Why'),
			list([
				'To know that you are a member or student of the institute, and to let you sign in.',
				'To register you for events, take your payments and issue the tax invoices, credit notes and certificates of attendance.',
				'To keep your CPE record.',
				'To send you the mails you asked for: one-time passwords, event reminders, waiting-list offers, announcements if you chose updates by e-mail, and the newsletter if you subscribed.',
				'To keep the portal safe: limits on sign-in attempts and one-time passwords. The server’s log records each request’s page and answer, not who asked.',
			]),
			paragraph(
				'Only the branch office’s staff see your account, each for their own work. Your data is not sold, and it is not given to anyone else except where the law requires it (tax invoices go into the branch’s GST returns).',
			),
			heading('How long we keep it'),
			paragraph('While your account is open. When you close it, this is erased at once:'),
			list(CLOSURE_ERASES),
			paragraph('and this is kept:'),
			list(closureKeeps(now)),
			paragraph('A newsletter subscription lasts until you unsubscribe: every newsletter mail has the link.'),
			heading('Your data, your choice'),
			paragraph(
				'On your profile page you can correct your details, download everything listed above (“Download my data”: a JSON file and a summary to read), and close your account (“Close my account”, confirmed with a one-time password sent to your e-mail address). The office can also correct your name, date of birth or number if you ask it to.',
			),
			link('Your profile (members)', '/member/profile'),
			link('Your profile (students)', '/student/update-profile'),
			heading('Grievance officer'),
			...(officer ? [paragraph(`${officer.officer}, ${contact.name}, ${branch!.address}. E-mail: ${officer.email}. Phone: ${branch!.phone}.`)] : []),
			paragraph(
				`Write to ${officer ? 'the grievance officer' : 'the branch office'} with any question or complaint about how your personal data is used. If the answer does not settle it, you may complain to the Data Protection Board of India.`,
			),
			...(officer ? [link('Write to the grievance officer', `mailto:${officer.email}`)] : []),
		],
	}
}

/** A page's text before the office has written any: the two statements from the configuration, the others empty. */
export function defaultPageText(slug: PageSlug, branch: BranchIdentity | undefined, now = new Date()): PageText {
	if (slug === 'accessibility') return accessibilityStatement(branch)
	if (slug === 'privacy') return privacyNotice(branch, now)
	return { title: DEFAULT_PAGE_TITLES[slug], summary: '', blocks: [] }
}
