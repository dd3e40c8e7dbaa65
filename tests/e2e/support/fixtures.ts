// The suite's fixtures: every test makes the people it needs, as the Epic Stack's login() does.
// `test.use({ signedIn: 'member' })` starts each test's browser context signed in as a fresh member
// (or student) of its own, `account` being who; `officeUser(role)` makes a fresh office user;
// `adminToken` sets up through the office API what a test then uses (events, payments, attendance).
// The portal keeps its database to itself (PGlite is one process's), so all of it goes through the
// portal: the API registers the account (its OTP read from the SMTP sink) and the sign-in form,
// posted with the context's own request, puts the session cookie on the context.
import { test as base, type BrowserContext } from '@playwright/test'
import type { StaffRole } from '../../../app/contract/office/staff-roles'
import { createAccount, signIn, type TestAccount } from './accounts'
import { createOfficeUser, OFFICE_SETUP_USER, staffToken } from './office'

type TestFixtures = {
	/** Who each test's browser context is signed in as: a fresh account of this role, or nobody. */
	signedIn: TestAccount['role'] | undefined
	/** The fresh account the context is signed in as (with `signedIn`). */
	account: TestAccount
	/** Makes a fresh office user in the role, through the office API; answers its username. */
	officeUser: (role: StaffRole) => Promise<string>
}
type WorkerFixtures = {
	/** The setup administrator's API token on the office portal (one sign-in per worker: its limit is 10 in 15 minutes). */
	adminToken: string
}

const accounts = new WeakMap<BrowserContext, TestAccount>()

export const test = base.extend<TestFixtures, WorkerFixtures>({
	signedIn: [undefined, { option: true }],
	context: async ({ context, signedIn }, provide) => {
		if (signedIn) {
			const account = await createAccount(context.request, signedIn)
			await signIn(context, account)
			accounts.set(context, account)
		}
		await provide(context)
	},
	account: async ({ context }, provide) => {
		const account = accounts.get(context)
		if (!account) throw new Error('No account is signed in: the test needs test.use({ signedIn: "member" }) or "student"')
		await provide(account)
	},
	officeUser: async ({ request, adminToken }, provide) => {
		await provide((role) => createOfficeUser(request, adminToken, role))
	},
	adminToken: [
		async ({ playwright }, provide, workerInfo) => {
			const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL })
			const token = await staffToken(request, OFFICE_SETUP_USER).catch((error: Error) => {
				throw new Error(`Only the office portal has the office: list the spec in OFFICE_SPECS (playwright.config.ts).\n${error.message}`)
			})
			await request.dispose()
			await provide(token)
		},
		{ scope: 'worker' },
	],
})

export { expect } from '@playwright/test'
