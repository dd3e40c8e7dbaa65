// Demo text of the information pages: a fictional branch, plausible content (no lorem ipsum).
import type { PageBlock, PageSlug } from '~/contract/api'

export type DemoPage = { slug: PageSlug; title: string; summary: string; blocks: PageBlock[] }

export const DEMO_PAGES: DemoPage[] = [
	{
		slug: 'home',
		title: 'Welcome to the Sahyadri Regional Branch',
		summary: 'Learning, fellowship and service for the accountancy profession across western Maharashtra.',
		blocks: [
			{
				sType: 'paragraph',
				sText:
					'A warm welcome to members, students and visitors of the Sahyadri Regional Branch of the Institute of Professional Accountants of India. For over three decades the branch has brought the profession together in Pune and the neighbouring districts.',
			},
			{
				sType: 'paragraph',
				sText:
					'On this portal you can browse upcoming seminars and workshops, register for events and earn structured CPE hours, read our monthly newsletter and look back at past programmes in the photo gallery.',
			},
			{
				sType: 'paragraph',
				sText: 'Members and students who sign in get a personal dashboard with their registrations, receipts and certificates of attendance.',
			},
		],
	},
	{
		slug: 'overview',
		title: 'The Branch at a Glance',
		summary: 'Who we are, whom we serve and what we do.',
		blocks: [
			{
				sType: 'paragraph',
				sText:
					'The Sahyadri Regional Branch was set up in 1987 by a small group of practising accountants in Pune who wanted a local forum for learning and professional exchange. What began with monthly meetings in a rented hall has grown into one of the most active branches of the Institute of Professional Accountants of India in western Maharashtra.',
			},
			{ sType: 'heading', sText: 'Area served' },
			{
				sType: 'paragraph',
				sText:
					'The branch serves members and students in the Pune, Satara, Solapur and Kolhapur districts. Programmes are held mainly at Accountants’ Bhavan in Pune, with regular sessions in Satara, Solapur and Kolhapur so that members outside the city need not travel far.',
			},
			{ sType: 'heading', sText: 'Our members and students' },
			{
				sType: 'paragraph',
				sText:
					'The branch today has about 9,500 members, in practice, in industry and in public service, and around 22,000 students pursuing the Institute’s course. Members are identified by their six-digit membership number and students by their registration number, both of which are used when registering on this portal.',
			},
			{ sType: 'heading', sText: 'What we do' },
			{
				sType: 'paragraph',
				sText:
					'The branch helps members keep their knowledge current, supports students through their studies and articleship, and represents the profession locally before government departments, trade bodies and the public. All programmes are planned by the managing committee with the help of volunteer members.',
			},
			{ sType: 'heading', sText: 'Key activities' },
			{
				sType: 'list',
				aItems: [
					'CPE seminars and workshops with structured CPE hours',
					'Study circles meeting every month on taxation, audit and corporate laws',
					'Residential refresher courses held once or twice a year',
					'Regular GST and direct-tax updates after every Budget and major notification',
					'Students’ association activities: mock tests, industrial visits and the annual students’ convention',
					'A reference library and reading room at Accountants’ Bhavan',
					'A monthly newsletter for members and students',
					'Taxpayer awareness camps and career counselling for school and college students',
				],
			},
		],
	},
	{
		slug: 'resources',
		title: 'Resources for Members and Students',
		summary: 'Publications, library facilities, study material and update digests.',
		blocks: [
			{
				sType: 'paragraph',
				sText:
					'The branch maintains a range of resources to support members in their practice or employment and students in their preparation for examinations. Most of them are free; a few printed publications are sold at cost.',
			},
			{ sType: 'heading', sText: 'Technical publications' },
			{
				sType: 'paragraph',
				sText:
					'From time to time the branch brings out handbooks and compilations prepared by its study circles, such as practical guides on GST returns, tax audit checklists and frequently asked questions on TDS. Copies can be collected from the branch office, and members receive a discount on the printed price.',
			},
			{ sType: 'heading', sText: 'Reference library and reading room' },
			{
				sType: 'paragraph',
				sText:
					'The library at Accountants’ Bhavan holds more than 6,000 books, bare acts, commentaries and journals, along with the Institute’s own publications. The reading room is open from Monday to Saturday, 9:00 to 20:00, except on second and fourth Saturdays and public holidays. During the examination season the reading room opens from 8:00 for students.',
			},
			{ sType: 'heading', sText: 'Study material for students' },
			{
				sType: 'paragraph',
				sText:
					'Students can collect the Institute’s study material and revision test papers at the branch office on showing their registration card. Question papers of previous examinations and suggested answers are kept in the library for reference.',
			},
			{ sType: 'heading', sText: 'Update digests and useful links' },
			{
				sType: 'paragraph',
				sText:
					'After every Union Budget and every important GST Council meeting, the branch circulates a short digest of the changes through the newsletter. The newsletter also lists the official websites members use most often, such as the income-tax e-filing portal, the GST common portal and the Institute’s own website, described by name so that members always reach the authentic source.',
			},
			{ sType: 'heading', sText: 'At a glance' },
			{
				sType: 'list',
				aItems: [
					'Handbooks and compilations from the branch’s study circles',
					'Reference library and reading room at Accountants’ Bhavan',
					'Study material, revision test papers and past question papers for students',
					'GST and income-tax update digests after each major change',
					'Presentation notes from selected CPE seminars, shared with participants',
					'Archive of the monthly newsletter',
				],
			},
		],
	},
	{
		slug: 'services',
		title: 'Our Services',
		summary: 'What the branch offers to members, students and the public.',
		blocks: [
			{
				sType: 'paragraph',
				sText:
					'The branch offers a range of services throughout the year. Most are open to everyone in the category concerned; some, such as hiring meeting rooms, carry a modest charge. Please contact the office if you need help with any of them.',
			},
			{ sType: 'heading', sText: 'For members' },
			{
				sType: 'list',
				aItems: [
					'CPE programmes: seminars, workshops, study circles and residential refresher courses with structured CPE hours',
					'Certificates of attendance for every CPE programme, available from your dashboard after the event',
					'Peer-review workshops to help firms prepare for quality and peer review',
					'Placement assistance, linking firms and companies with qualified members looking for positions',
					'Office space and meeting rooms at Accountants’ Bhavan, available on hire for members’ professional use',
					'A members’ directory, listing members who have agreed to be included',
				],
			},
			{ sType: 'heading', sText: 'For students' },
			{
				sType: 'list',
				aItems: [
					'Mock tests before each examination, with papers evaluated by members',
					'Orientation programmes and information technology training, conducted as prescribed by the Institute',
					'Access to the reference library and reading room',
					'Counselling on studies, articleship and examination stress, by experienced members',
					'Industrial visits and the annual students’ convention organised with the students’ association',
				],
			},
			{ sType: 'heading', sText: 'For the public' },
			{
				sType: 'list',
				aItems: [
					'Taxpayer awareness camps before the return-filing due dates, where volunteers explain the basics of income tax and GST',
					'Career counselling sessions in schools and junior colleges on the accountancy profession',
					'Financial literacy talks for senior citizens, small traders and self-help groups',
				],
			},
			{
				sType: 'paragraph',
				sText:
					'Schedules for all of these are announced on the events page and in the monthly newsletter. Members who wish to volunteer as faculty, counsellors or camp volunteers are always welcome and may write to the branch office.',
			},
		],
	},
	{
		slug: 'policies',
		title: 'Policies',
		summary: 'Privacy policy, terms of use, refund and cancellation policy, and code of conduct.',
		blocks: [
			{ sType: 'heading', sText: 'Privacy policy' },
			{
				sType: 'paragraph',
				sText:
					'When you register on this portal we collect your name, e-mail address, mobile number, membership or registration number, date of birth, state and city, and, if you provide them, your GST details. We use this information to confirm that you are a member or student, to manage your event registrations and receipts, to issue certificates of attendance and to send you branch communications.',
			},
			{
				sType: 'paragraph',
				sText:
					'Your password is never stored as such; we keep only a one-way hash of it, so no one at the branch can read it. Cookies are used only to keep you signed in and to remember that you have seen the welcome popup. We do not use advertising or tracking cookies, and we do not sell or share your data with third parties.',
			},
			{
				sType: 'paragraph',
				sText:
					'How long each kind of data is kept, how to download your data or close your account, and whom to write to with a question or a complaint: see the privacy notice.',
			},
			{ sType: 'link', sText: 'Privacy notice', sUrl: '/privacy' },
			{ sType: 'heading', sText: 'Terms of use' },
			{
				sType: 'paragraph',
				sText:
					'The portal is meant for members, students and visitors interested in the branch’s activities. You are responsible for keeping your password confidential and for the accuracy of the details you enter. Content on the portal is for general information and is not professional advice. The branch may suspend accounts that are misused.',
			},
			{ sType: 'heading', sText: 'Refund and cancellation policy' },
			{
				sType: 'list',
				aItems: [
					'If you cancel a registration before the cut-off date shown for the event, the fee is refunded to the original mode of payment.',
					'No refund is made for cancellations after the cut-off date or for absence from the event.',
					'If the branch cancels an event, the full fee is refunded to all registered participants.',
					'Refunds are normally processed within fifteen working days.',
				],
			},
			{ sType: 'heading', sText: 'Code of conduct for events' },
			{
				sType: 'list',
				aItems: [
					'Please be on time and keep mobile phones on silent during sessions.',
					'Treat speakers, fellow participants and staff with courtesy and respect.',
					'Recording of sessions is not permitted without the organisers’ consent.',
					'CPE hours are credited only for the time you actually attend.',
					'The branch may ask anyone who disrupts an event to leave.',
				],
			},
		],
	},
	{
		slug: 'about',
		title: 'About Us',
		summary: 'The branch, the Institute and how to reach us.',
		blocks: [
			{ sType: 'heading', sText: 'The Institute' },
			{
				sType: 'paragraph',
				sText:
					'The Institute of Professional Accountants of India is the professional body that admits, trains and regulates accountants across the country. It conducts the course and examinations for students, sets standards of professional conduct for its members and works through regional branches to reach them where they live and work.',
			},
			{ sType: 'heading', sText: 'Our history' },
			{
				sType: 'paragraph',
				sText:
					'The Sahyadri Regional Branch was founded in 1987 with fewer than two hundred members. Its early meetings were held in borrowed rooms, until members pooled contributions to build Accountants’ Bhavan on Tilak Road, which opened in 2004. Today the branch serves members and students in Pune, Satara, Solapur and Kolhapur.',
			},
			{ sType: 'heading', sText: 'Our mission' },
			{
				sType: 'paragraph',
				sText:
					'We aim to help every member stay competent and ethical, to support every student on the way to qualification, and to serve the public through awareness and honest advice.',
			},
			{ sType: 'heading', sText: 'The managing committee' },
			{
				sType: 'paragraph',
				sText:
					'The branch is run by a managing committee elected by the members of the region every four years; the present committee serves the term 2025-2029. The committee plans the programme calendar, manages the branch’s finances and premises, and works with the students’ association and volunteer members to carry out the branch’s activities.',
			},
			{ sType: 'heading', sText: 'Contact us' },
			{
				sType: 'list',
				aItems: [
					'Address: 3rd Floor, Accountants’ Bhavan, 14 Tilak Road, Sadashiv Peth, Pune 411030, Maharashtra',
					'Phone: +91 20 2445 1200',
					'E-mail: office@sahyadri-branch.example.org',
					'Office hours: Monday to Saturday, 10:00 to 18:00; closed on second and fourth Saturdays and public holidays',
				],
			},
		],
	},
]
