// Demo committees of the fictional branch: the managing committee and two others, ten people,
// three of them with a message (the chairman's first).
import type { Database } from '../db/client'
import { demoPortrait } from './demo-media'
import { committeePeople, committees } from '../db/schema'
import { storePicture } from '../media/pictures'

type DemoPerson = { name: string; role: string; messageTitle?: string; message?: string[] }

const TERM = { termStartsOn: '2025-02-15', termEndsOn: '2027-02-14' }

const DEMO_COMMITTEES: Array<{ title: string; description: string; people: DemoPerson[] }> = [
	{
		title: 'Managing Committee 2025–27',
		description: 'Elected by the members of the branch, the managing committee runs the branch and its programmes.',
		people: [
			{
				name: 'CA Aniruddha Kulkarni',
				role: 'Chairman',
				messageTitle: "Chairman's message",
				message: [
					'Dear members and students,',
					'It is a privilege to serve the branch as its chairman. Our profession is changing faster than ever: the new Income-tax Act, e-invoicing under GST, faceless assessments and the growing use of data in audit all ask us to keep learning.',
					'This year the branch will hold a seminar, workshop or study circle almost every fortnight, in Pune and in Pimpri-Chinchwad, so that every member can earn structured CPE hours close to home. Study circles stay free for members.',
					'I invite you to attend, to bring your questions, and to volunteer as a speaker. The branch is what its members make of it.',
					'With warm regards,',
				],
			},
			{ name: 'CA Smita Deshpande', role: 'Vice-Chairperson' },
			{
				name: 'CA Rahul Joshi',
				role: 'Secretary',
				messageTitle: "Secretary's message",
				message: [
					'Dear colleagues,',
					'The branch office at Accountants’ Bhavan is open on all working days from 10 am to 6 pm. Registrations for seminars can be made online on this portal; fees for paid programmes include GST and a receipt is issued for every payment.',
					'Please keep your e-mail address and mobile number up to date in your profile, so that you receive programme announcements and CPE certificates without delay.',
				],
			},
			{ name: 'CA Meera Patwardhan', role: 'Treasurer' },
			{ name: 'CA Sandeep Ghorpade', role: 'Chairman, Students’ Association' },
		],
	},
	{
		title: 'Direct Taxes Committee',
		description: 'Plans seminars and study circles on income tax, TDS, international taxation and assessments.',
		people: [
			{ name: 'CA Farhan Shaikh', role: 'Convenor' },
			{ name: 'CA Priya Nair', role: 'Member' },
		],
	},
	{
		title: 'Indirect Taxes (GST) Committee',
		description: 'Keeps members abreast of GST law, returns, audits and litigation through workshops and study circles.',
		people: [
			{
				name: 'CA Vikram Bhosale',
				role: 'Convenor',
				messageTitle: 'A note from the GST committee',
				message: [
					'GST returns and annual reconciliations remain the area where members ask us the most questions.',
					'The committee runs a study circle on a current GST topic every month, and a full-day workshop before the due date of the annual return. Bring your practical issues: the best sessions are the ones built around real cases.',
				],
			},
			{ name: 'CA Sneha Gokhale', role: 'Joint Convenor' },
			{ name: 'CA Omkar Jadhav', role: 'Member' },
		],
	},
]

export async function seedCommittees(db: Database) {
	let seed = 100
	for (const [index, committee] of DEMO_COMMITTEES.entries()) {
		const [row] = await db
			.insert(committees)
			.values({ title: committee.title, description: committee.description, sortOrder: index })
			.returning({ id: committees.id })
		if (!row) throw new Error('The committee was not stored')
		const people = await Promise.all(
			committee.people.map(async (person, sortOrder) => ({
				committeeId: row.id,
				fullName: person.name,
				role: person.role,
				...TERM,
				photo: await storePicture(db, await demoPortrait(seed++, 320), { folder: 'committees', widths: [160, 320], alt: `Portrait of ${person.name}` }),
				messageTitle: person.messageTitle ?? null,
				message: person.message ?? null,
				sortOrder,
			})),
		)
		await db.insert(committeePeople).values(people)
	}
}
