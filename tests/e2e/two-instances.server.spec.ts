// Two portals on one PostgreSQL, started together on an empty database, as a branch behind a load
// balancer would run them: the migrations and the demo seed run once; a sign-in on one holds on the
// other; an office change made on one shows on the other at once; a rate limit counts across both.
import { expect, request as playwrightRequest, test } from '@playwright/test'
import postgres from 'postgres'
import { NEWSLETTER_API_PATHS } from '~/contract/newsletters'
import { createPostgresDatabase } from '../setup/database'
import { demoSignIn, encrypt, signInAs } from './support/accounts'
import { createEventAsStaff, E2E_OFFICE_PASSWORD, e2eOfficePasswordHash } from './support/office'
import { startPortal, type PortalProcess } from './support/portal'

test.describe.configure({ timeout: 180_000 })

test('two portals on one PostgreSQL share migrations, sessions, content changes and rate limits', async ({ page }) => {
	test.skip(!process.env.TEST_DATABASE_URL, 'needs a PostgreSQL server in TEST_DATABASE_URL; .ci/run starts one')
	const { url, drop } = await createPostgresDatabase(process.env.TEST_DATABASE_URL!)
	const env = {
		DATABASE_URL: url,
		OFFICE_USERS: JSON.stringify([{ username: 'shared.desk', fullName: 'Shared Desk', passwordHash: e2eOfficePasswordHash(), role: 'editor' }]),
	}
	let portals: PortalProcess[] = []
	const sql = postgres(url, { max: 1, onnotice: () => {} })
	try {
		// Both are awaited, so the one that started is stopped below even if the other did not.
		const started = await Promise.allSettled([startPortal(env, { startMs: 90_000 }), startPortal(env, { startMs: 90_000 })])
		portals = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
		for (const result of started) if (result.status === 'rejected') throw result.reason
		const [one, two] = portals as [PortalProcess, PortalProcess]

		// Once each: every migration, and the demo branch's two accounts.
		const [migrations] = await sql`select count(*)::int as n, count(distinct hash)::int as distinct_n from drizzle.__drizzle_migrations`
		expect(migrations!.n).toBe(migrations!.distinct_n)
		const [accounts] = await sql`select count(*)::int as n from accounts`
		expect(accounts!.n).toBe(2)

		// Signed in on one, signed in on the other (cookies belong to the host, not the port).
		await signInAs(page, demoSignIn.member, `${one.url}/member/login?redirectTo=/member/cpe`)
		await expect(page).toHaveURL(`${one.url}/member/cpe`)
		await page.goto(`${two.url}/member/cpe`)
		await expect(page).toHaveURL(`${two.url}/member/cpe`)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('CPE hours')

		// An event the office adds through one is listed by the other at once (its page cache follows).
		const apiOne = await playwrightRequest.newContext({ baseURL: one.url })
		const apiTwo = await playwrightRequest.newContext({ baseURL: two.url })
		expect((await apiTwo.get('/events')).status()).toBe(200)
		const login = await apiOne.post('/api/auth/office/login/v1', { data: await encrypt(apiOne, { sUsername: 'shared.desk', sPassword: E2E_OFFICE_PASSWORD }) })
		const token = ((await login.json()) as { data: { sToken: string } }).data.sToken
		const start = new Date(Date.now() + 4 * 24 * 3_600_000)
		const title = `Seminar added on instance one ${Date.now()}`
		await createEventAsStaff(apiOne, token, { title, start })
		await expect.poll(async () => (await (await apiTwo.get('/events')).text()).includes(title), { timeout: 5_000 }).toBe(true)

		// The per-address subscription limit (5 an hour) counts both instances' requests.
		const sEmail = `both-${Date.now()}@e2e.example.org`
		const subscribe = (api: typeof apiOne) =>
			api.post(`/api${NEWSLETTER_API_PATHS.subscribe}`, { data: { sFullName: 'Reader', sMembershipNumber: '123456', sEmail } })
		const statuses = []
		for (const api of [apiOne, apiTwo, apiOne, apiTwo, apiOne, apiTwo]) statuses.push((await subscribe(api)).status())
		expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
		await apiOne.dispose()
		await apiTwo.dispose()
	} finally {
		await Promise.all(portals.map((portal) => portal.stop()))
		await sql.end()
		await drop()
	}
})
