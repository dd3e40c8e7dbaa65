// Demo accounts, so a newcomer can sign in at once (docs/features.md "Demo content"). Only for the demo branch:
// a real deployment starts from an empty accounts table and people register.
import { hashPassword } from '../crypto/passwords'
import { PROFILE_PICTURE_FOLDER } from '../accounts/service'
import { reencodeImage } from '../images'
import { newMediaPath, saveMediaFile } from '../media/service'
import type { Database } from '../db/client'
import { demoPortrait } from './demo-media'
import { accounts } from '../db/schema'

export const DEMO_PASSWORD = 'Sahyadri demo 2026'
export const DEMO_MEMBER = { number: '123456', dob: '1985-04-12', email: 'member@demo.example.org' } as const
export const DEMO_STUDENT = { number: 'SRO0123456', dob: '2004-08-21', email: 'student@demo.example.org' } as const

export async function seedAccounts(db: Database) {
	const passwordHash = await hashPassword(DEMO_PASSWORD)
	const portrait = await reencodeImage(await demoPortrait(31, 400), { maxDimension: 800 })
	const profilePic = await saveMediaFile(db, {
		path: newMediaPath(PROFILE_PICTURE_FOLDER, portrait.contentType),
		contentType: portrait.contentType,
		bytes: portrait.bytes,
	})
	await db.insert(accounts).values([
		{
			userType: 'M',
			number: DEMO_MEMBER.number,
			email: DEMO_MEMBER.email,
			dob: DEMO_MEMBER.dob,
			fullName: 'Asha Kulkarni',
			mobileNumber: '9822012345',
			stateCode: 'MH',
			city: 'Pune',
			passwordHash,
			firmCompanyName: 'Kulkarni & Associates',
			gstNumber: '27AAPFK0939F1ZV',
			updatesOnEmail: true,
			profilePic,
		},
		{
			userType: 'S',
			number: DEMO_STUDENT.number,
			email: DEMO_STUDENT.email,
			dob: DEMO_STUDENT.dob,
			fullName: 'Rohan Deshpande',
			mobileNumber: '9890011223',
			stateCode: 'MH',
			city: 'Nashik',
			passwordHash,
			course: 'Intermediate',
		},
	])
}
