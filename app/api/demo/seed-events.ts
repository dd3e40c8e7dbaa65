// Demo events of the fictional branch: twelve seminars, workshops and study circles over the past
// year and the next three months, dated relative to the moment the seed runs.
import type { Speaker } from '~/contract/events'
import { eventSearchText } from '../events/service'
import type { Database } from '../db/client'
import { demoScene } from './demo-media'
import { events } from '../db/schema'
import { storePicture } from '../media/pictures'

const DAY_MS = 86_400_000
const IST_OFFSET_MS = 330 * 60_000

/** A clock time in India on the day `days` from `now`. */
function istTime(now: Date, days: number, hour: number, minute = 0) {
	const istDay = new Date(now.getTime() + IST_OFFSET_MS + days * DAY_MS)
	return new Date(Date.UTC(istDay.getUTCFullYear(), istDay.getUTCMonth(), istDay.getUTCDate(), hour, minute) - IST_OFFSET_MS)
}

const mapUrl = (place: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`

const VENUES = {
	bhavan: { venueName: 'Accountants’ Bhavan, Hall 2', venueAddress: '14 Tilak Road, Sadashiv Peth, Pune 411030', city: 'Pune' },
	shivajinagar: { venueName: 'Hotel Sahyadri Residency', venueAddress: 'Jangli Maharaj Road, Shivajinagar, Pune 411005', city: 'Pune' },
	pimpri: { venueName: 'Acharya Atre Auditorium', venueAddress: 'Sant Tukaram Nagar, Pimpri, Pimpri-Chinchwad 411018', city: 'Pimpri-Chinchwad' },
	baner: { venueName: 'Baner Business Centre', venueAddress: 'Baner Road, Baner, Pune 411045', city: 'Pune' },
	hinjewadi: { venueName: 'Blue Ridge Convention Hall', venueAddress: 'Phase 1, Hinjewadi, Pune 411057', city: 'Pune' },
	lonavala: { venueName: 'Sahyadri Hills Resort', venueAddress: 'Old Mumbai–Pune Highway, Lonavala 410401', city: 'Lonavala' },
} as const

type DemoEvent = {
	days: number
	/** Start and end hours, India time; `endDays` for an event over several days. */
	hours: [number, number]
	endDays?: number
	title: string
	summary: string
	category: (typeof events.$inferInsert)['category']
	description: string[]
	venue: keyof typeof VENUES
	cpeHours: number
	/** The taxable value: GST (18 % by default) is added on top, so ₹1,000 is ₹1,180 in all. */
	feeRupees: number
	seatLimit: number | null
	speakers: Speaker[]
	pictures: number
}

const DEMO_EVENTS: DemoEvent[] = [
	{
		days: -320,
		hours: [10, 17],
		title: 'Seminar on the GST annual return (GSTR-9 and GSTR-9C)',
		category: 'Seminar',
		venue: 'shivajinagar',
		cpeHours: 6,
		feeRupees: 1000,
		seatLimit: 150,
		pictures: 2,
		summary: 'Table-by-table walk through the annual return and the reconciliation statement, with the latest notifications.',
		description: [
			'The annual return is due soon, and with it the self-certified reconciliation statement. This seminar takes members through each table of GSTR-9 and GSTR-9C, the common mismatches between books and returns, and how to report them.',
			'Lunch and course material are included in the fee.',
		],
		speakers: [
			{ sFullName: 'CA Vikram Bhosale', sDesignation: 'Convenor, GST Committee', sTopic: 'GSTR-9: table by table' },
			{ sFullName: 'CA Anjali Mehta', sDesignation: 'Partner, Mehta & Rao', sTopic: 'GSTR-9C reconciliation in practice' },
		],
	},
	{
		days: -265,
		hours: [18, 20],
		title: 'Study circle: Ind AS 116 leases',
		category: 'Study circle',
		venue: 'bhavan',
		cpeHours: 2,
		feeRupees: 0,
		seatLimit: 60,
		pictures: 1,
		summary: 'Right-of-use assets, lease liabilities and the practical expedients, worked through on case studies.',
		description: [
			'An evening study circle on lease accounting under Ind AS 116, built around three case studies from retail and manufacturing clients.',
			'Free for members and students; please register so that we can plan the seating.',
		],
		speakers: [{ sFullName: 'CA Priya Nair', sDesignation: 'Member, Direct Taxes Committee', sTopic: 'Lease accounting case studies' }],
	},
	{
		days: -210,
		hours: [9, 18],
		endDays: 1,
		title: 'Regional conference on direct taxes',
		category: 'Conference',
		venue: 'pimpri',
		cpeHours: 12,
		feeRupees: 3000,
		seatLimit: 400,
		pictures: 2,
		summary: 'Two days on assessments, reassessment, capital gains and international taxation with eminent speakers.',
		description: [
			'The branch’s flagship conference brings together practitioners from Pune, Pimpri-Chinchwad, Satara and Ahmednagar.',
			'Technical sessions cover faceless assessment and appeals, reassessment after the recent judgments, capital gains on real estate and transfer pricing for small groups.',
		],
		speakers: [
			{ sFullName: 'CA Farhan Shaikh', sDesignation: 'Convenor, Direct Taxes Committee', sTopic: 'Reassessment after recent judgments' },
			{ sFullName: 'Adv. Ketaki Rane', sDesignation: 'Advocate, Bombay High Court', sTopic: 'Drafting appeals before the CIT(A)' },
			{ sFullName: 'CA Nikhil Sathe', sDesignation: 'Transfer pricing specialist', sTopic: 'Transfer pricing for small groups' },
		],
	},
	{
		days: -160,
		hours: [18, 20],
		title: 'Study circle: TDS and TCS after the Finance Act',
		category: 'Study circle',
		venue: 'bhavan',
		cpeHours: 2,
		feeRupees: 0,
		seatLimit: null,
		pictures: 1,
		summary: 'New rates, thresholds and the TCS changes that affect your clients this year.',
		description: ['A practical session on the changes to TDS and TCS made by the Finance Act, with a checklist members can use with their clients.'],
		speakers: [{ sFullName: 'CA Omkar Jadhav', sDesignation: 'Member, GST Committee', sTopic: 'TDS and TCS checklist' }],
	},
	{
		days: -115,
		hours: [10, 17],
		title: 'Workshop on tax audit: Form 3CD clause by clause',
		category: 'Workshop',
		venue: 'baner',
		cpeHours: 6,
		feeRupees: 2000,
		seatLimit: 80,
		pictures: 1,
		summary: 'Form 3CD clause by clause with "100% coverage" of the new reporting requirements under section 44AB.',
		description: [
			'A hands-on workshop for members signing tax audit reports: each clause of Form 3CD, the documents to collect, and the mistakes that draw notices.',
			'Participants work on a sample file in small groups; bring a laptop.',
		],
		speakers: [
			{ sFullName: 'CA Meera Patwardhan', sDesignation: 'Treasurer of the branch', sTopic: 'Clauses 1 to 20' },
			{ sFullName: 'CA Rahul Joshi', sDesignation: 'Secretary of the branch', sTopic: 'Clauses 21 to 44' },
		],
	},
	{
		days: -70,
		hours: [10, 13],
		title: 'Seminar on forensic accounting and fraud detection',
		category: 'Seminar',
		venue: 'hinjewadi',
		cpeHours: 3,
		feeRupees: 500,
		seatLimit: 120,
		pictures: 1,
		summary: 'Red flags in books, data analytics for auditors and the practitioner’s role in investigations.',
		description: [
			'How frauds hide in ordinary-looking books, and how simple data analytics can bring them out. Case studies from recent investigations in the manufacturing belt around Chakan.',
		],
		speakers: [{ sFullName: 'CA Sneha Gokhale', sDesignation: 'Certified fraud examiner', sTopic: 'Red flags and data analytics' }],
	},
	{
		days: -35,
		hours: [18, 20],
		title: 'Study circle: GST on real estate transactions',
		category: 'Study circle',
		venue: 'bhavan',
		cpeHours: 2,
		feeRupees: 0,
		seatLimit: 60,
		pictures: 1,
		summary: 'Joint development agreements, TDR and the rates for residential projects, discussed on the members’ own cases.',
		description: [
			'A study circle on the GST treatment of real estate: joint development agreements, transfer of development rights and the rates for affordable and other residential projects.',
		],
		speakers: [{ sFullName: 'CA Vikram Bhosale', sDesignation: 'Convenor, GST Committee', sTopic: 'Real estate under GST' }],
	},
	{
		days: -8,
		hours: [9, 17],
		title: 'Residential refresher course on audit and assurance',
		category: 'Workshop',
		venue: 'lonavala',
		endDays: 1,
		cpeHours: 10,
		feeRupees: 6000,
		seatLimit: 50,
		pictures: 2,
		summary: 'Two days in the hills on Standards on Auditing, audit documentation and the reporting standards (SA 700 series).',
		description: [
			'The branch’s residential refresher course for practising members: Standards on Auditing, documentation that survives a peer review, and the reporting standards of the SA 700 series.',
			'The fee includes accommodation on twin sharing and all meals.',
		],
		speakers: [
			{ sFullName: 'CA Aniruddha Kulkarni', sDesignation: 'Chairman of the branch', sTopic: 'Audit documentation and peer review' },
			{ sFullName: 'CA Anjali Mehta', sDesignation: 'Partner, Mehta & Rao', sTopic: 'Key audit matters and modified opinions' },
		],
	},
	{
		days: 6,
		hours: [18, 20],
		title: 'Study circle: e-invoicing and the invoice management system',
		category: 'Study circle',
		venue: 'bhavan',
		cpeHours: 2,
		feeRupees: 0,
		seatLimit: 60,
		pictures: 1,
		summary: 'How the invoice management system changes input tax credit, and what your clients’ accounts teams must do.',
		description: [
			'The invoice management system lets recipients accept, reject or keep invoices pending before they reach the return. This study circle shows how it works and what it means for input tax credit.',
		],
		speakers: [{ sFullName: 'CA Sneha Gokhale', sDesignation: 'Joint Convenor, GST Committee', sTopic: 'Invoice management system' }],
	},
	{
		days: 24,
		hours: [10, 17],
		title: 'Seminar on the new Income-tax Act',
		category: 'Seminar',
		venue: 'shivajinagar',
		cpeHours: 6,
		feeRupees: 1000,
		seatLimit: 200,
		pictures: 1,
		summary: 'What changes for members and their clients under the new Act: structure, definitions, tax year and transition.',
		description: [
			'The new Income-tax Act replaces a law that has served for six decades. This seminar maps the old sections to the new, explains the "tax year", and covers the transition rules that matter for pending assessments.',
			'Lunch and course material are included in the fee.',
		],
		speakers: [
			{ sFullName: 'CA Farhan Shaikh', sDesignation: 'Convenor, Direct Taxes Committee', sTopic: 'Structure and transition' },
			{ sFullName: 'Adv. Ketaki Rane', sDesignation: 'Advocate, Bombay High Court', sTopic: 'Definitions that changed' },
		],
	},
	{
		days: 52,
		hours: [10, 13],
		title: 'Workshop on bank branch audit',
		category: 'Workshop',
		venue: 'pimpri',
		cpeHours: 3,
		feeRupees: 500,
		seatLimit: 150,
		pictures: 1,
		summary: 'Advances, NPAs, the long-form audit report and the closing-day checklist for statutory branch auditors.',
		description: [
			'For members appointed as statutory branch auditors: income recognition and asset classification, the long-form audit report, and a closing-day checklist.',
		],
		speakers: [{ sFullName: 'CA Smita Deshpande', sDesignation: 'Vice-Chairperson of the branch', sTopic: 'Advances and NPAs' }],
	},
	{
		days: 84,
		hours: [17, 20],
		title: 'Post-Budget meeting: direct and indirect tax proposals',
		category: 'Seminar',
		venue: 'bhavan',
		cpeHours: 3,
		feeRupees: 0,
		seatLimit: 120,
		pictures: 1,
		summary: 'The Union Budget’s tax proposals explained the week after they are presented: free for members and students.',
		description: [
			'Our annual post-Budget meeting: the Finance Bill’s direct and indirect tax proposals, and what members should tell their clients this week.',
		],
		speakers: [
			{ sFullName: 'CA Farhan Shaikh', sDesignation: 'Convenor, Direct Taxes Committee', sTopic: 'Direct tax proposals' },
			{ sFullName: 'CA Vikram Bhosale', sDesignation: 'Convenor, GST Committee', sTopic: 'Indirect tax proposals' },
		],
	},
]

export async function seedEvents(db: Database, now = new Date()) {
	let seed = 500
	const rows = await Promise.all(
		DEMO_EVENTS.map(async (event) => {
			const venue = VENUES[event.venue]
			const startsAt = istTime(now, event.days, event.hours[0])
			const seeds = Array.from({ length: event.pictures }, () => seed++)
			const images = await Promise.all(
				seeds.map(async (pictureSeed, i) =>
					storePicture(db, await demoScene(pictureSeed, 1200, 800), {
						folder: 'events',
						widths: [480, 800, 1200],
						alt: i === 0 ? `Drawing of ${venue.venueName}, ${venue.city}, the venue` : `Hills near ${venue.city}, seen from the venue`,
					}),
				),
			)
			const row = {
				title: event.title,
				summary: event.summary,
				category: event.category,
				description: event.description,
				startsAt,
				endsAt: istTime(now, event.days + (event.endDays ?? 0), event.hours[1]),
				...venue,
				mapUrl: mapUrl(`${venue.venueName}, ${venue.venueAddress}`),
				cpeHours: event.cpeHours,
				feePaise: event.feeRupees * 100,
				seatLimit: event.seatLimit,
				registrationClosesAt: new Date(startsAt.getTime() - DAY_MS),
				cancellationCutoffAt: new Date(startsAt.getTime() - 3 * DAY_MS),
				speakers: event.speakers,
				images,
			}
			return { ...row, searchText: eventSearchText(row) }
		}),
	)
	await db.insert(events).values(rows)
}
