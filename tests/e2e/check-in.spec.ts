// The door: a desk user checks three members in (typing codes and numbers without JavaScript; with
// it, photos of their tickets read by the page's decoder and a typed number), a second scan says
// "already", the count goes up, and the hours reach the member's /member/cpe. With JavaScript also
// the camera, a fake one filming a ticket, and the queue kept while the network is down.
import { type APIRequestContext, type Page } from '@playwright/test'
import QRCode from 'qrcode'
import { createAccount, accountToken, signInAs, unique, type TestAccount } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { expectHydratedWithinBudget } from './support/script-budget'
import { expect, test } from './support/fixtures'
import { launchWithCamera, writeQrVideo } from './support/fake-camera'
import { createEventAsStaff, officeScriptsRunning, officeSignIn } from './support/office'
import { skipWelcomePopup } from './support/site'

test.beforeEach(async ({ context, baseURL }) => {
	await skipWelcomePopup(context, baseURL)
})

/** A member registered (free event: confirmed at once) with their ticket code from the API. */
async function registeredMember(request: APIRequestContext, eventId: number) {
	const account = await createAccount(request, 'member')
	const headers = { authorization: await accountToken(request, account), UserType: 'M' }
	const registered = await request.post(`/api/member/events/register/v1/${eventId}`, { headers })
	expect(registered.ok(), await registered.text()).toBe(true)
	const tickets = (await (await request.get('/api/member/events/tickets/v1', { headers })).json()) as { data: { iEventId: number; sTicketCode: string }[] }
	const code = tickets.data.find((ticket) => ticket.iEventId === eventId)!.sTicketCode
	return { account, code }
}

const outcome = (page: Page) => page.getByRole('main').locator('[data-outcome]')

async function typeCode(page: Page, code: string) {
	await page.getByLabel('Ticket code, membership or registration number').fill(code)
	await page.getByRole('button', { name: 'Check in', exact: true }).click()
}

async function showPhoto(page: Page, code: string) {
	await page
		.getByLabel('Or read a photo of a ticket')
		.setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: await QRCode.toBuffer(code, { scale: 8 }) })
}

const checkedIn = (member: TestAccount) => `Checked in: ${member.name}, ${member.number}`

test('a desk user checks in three members; a second scan says already; the hours reach the member', async ({
	page,
	browser,
	request,
	javaScriptEnabled,
	adminToken,
	officeUser,
}) => {
	// Three sign-ups with their one-time passwords, a staff and a member sign-in: a long test.
	test.slow()
	const admin = adminToken
	// Doors open an hour before the start: the event begins in half an hour.
	const title = `Door test ${unique()}`
	const eventId = await createEventAsStaff(request, admin, { title, start: new Date(Date.now() + 30 * 60_000), nCpeHours: 2.5 })
	const people = [await registeredMember(request, eventId), await registeredMember(request, eventId), await registeredMember(request, eventId)]

	await officeSignIn(page, await officeUser('desk'), `/office/events/${eventId}/check-in`)
	await expect(page.getByRole('heading', { level: 1, name: `Check-in: ${title}` })).toBeVisible()
	await expect(page.getByText('0 present of 3 expected')).toBeVisible()
	if (javaScriptEnabled) {
		// The decoder is fetched only when a photo or the camera needs it: the page itself stays within budget.
		await expectHydratedWithinBudget(page.request, await (await page.request.get(page.url())).text(), page.url())
		await page.waitForLoadState('networkidle')
		await showPhoto(page, people[0]!.code)
		await expect(outcome(page)).toHaveText(checkedIn(people[0]!.account))
		await showPhoto(page, people[1]!.code)
		await expect(outcome(page)).toHaveText(checkedIn(people[1]!.account))
	} else {
		// Nothing that needs scripts is offered without them.
		await expect(page.getByRole('button', { name: 'Scan with the camera' })).toHaveCount(0)
		await typeCode(page, people[0]!.code)
		await expect(outcome(page)).toHaveText(checkedIn(people[0]!.account))
		await typeCode(page, people[1]!.code.toLowerCase())
		await expect(outcome(page)).toHaveText(checkedIn(people[1]!.account))
	}
	// The third gives a membership number, as at the desk.
	await typeCode(page, people[2]!.account.number)
	await expect(outcome(page)).toHaveText(checkedIn(people[2]!.account))
	await expect(outcome(page)).toHaveAttribute('data-outcome', 'checked-in')
	await expect(page.getByText('3 present of 3 expected')).toBeVisible()
	await expectNoAxeViolations(page, javaScriptEnabled)

	await typeCode(page, people[0]!.code)
	await expect(outcome(page)).toHaveText(new RegExp(`^Already checked in at \\d\\d:\\d\\d: ${people[0]!.account.name}`))
	await expect(outcome(page)).toHaveAttribute('data-outcome', 'already')
	await typeCode(page, `${people[0]!.code.slice(0, -1)}${people[0]!.code.endsWith('A') ? 'B' : 'A'}`)
	await expect(outcome(page)).toHaveText('Not a valid ticket')
	await expect(page.getByText('3 present of 3 expected')).toBeVisible()

	const member = await browser.newContext({ javaScriptEnabled })
	const memberPage = await member.newPage()
	await signInAs(memberPage, people[0]!.account)
	await memberPage.waitForURL((url) => !url.pathname.endsWith('/login'))
	await memberPage.goto('/member/cpe')
	await expect(memberPage.getByRole('main').getByRole('row').filter({ hasText: title })).toContainText('2.5')
	await member.close()
})

test('a member sees the ticket on the event page and in the dashboard, with its PDF', async ({ page, request, javaScriptEnabled, adminToken }) => {
	const admin = adminToken
	const eventId = await createEventAsStaff(request, admin, { title: `Ticket test ${unique()}`, start: new Date(Date.now() + 3 * 86_400_000) })
	const { account, code } = await registeredMember(request, eventId)
	await signInAs(page, account)
	await page.waitForURL((url) => !url.pathname.endsWith('/login'))
	await page.goto(`/events/event-details/${eventId}`)
	await expect(page.getByRole('img', { name: `Your ticket's QR code, ${code}` })).toBeVisible()
	await page.goto('/member/tickets')
	await expect(page.getByRole('navigation', { name: 'Member dashboard' }).getByRole('link', { name: 'Tickets' })).toHaveAttribute('aria-current', 'page')
	await expect(page.getByRole('main').getByText(code, { exact: true })).toBeVisible()
	await expectNoAxeViolations(page, javaScriptEnabled)
	const pdf = await page.request.get((await page.getByRole('link', { name: 'Download the ticket (PDF)' }).first().getAttribute('href'))!)
	expect(pdf.headers()['content-type']).toBe('application/pdf')
})

test('the camera reads a ticket held up to it: checked in once, and already on a second look', async ({
	request,
	javaScriptEnabled,
	adminToken,
	officeUser,
	baseURL,
}, testInfo) => {
	test.skip(!javaScriptEnabled, 'The camera needs scripts: without them the desk types the code')
	const eventId = await createEventAsStaff(request, adminToken, { title: `Camera test ${unique()}`, start: new Date(Date.now() + 30 * 60_000) })
	const person = await registeredMember(request, eventId)
	const browser = await launchWithCamera(writeQrVideo(person.code, testInfo.outputPath('ticket.y4m')))
	try {
		const context = await browser.newContext({ baseURL })
		await skipWelcomePopup(context, baseURL)
		const page = await context.newPage()
		await officeSignIn(page, await officeUser('desk'), `/office/events/${eventId}/check-in`)
		await officeScriptsRunning(page)
		await expect(page.getByText('0 present of 1 expected')).toBeVisible()
		await page.getByRole('button', { name: 'Scan with the camera' }).click()
		await expect(outcome(page)).toHaveText(checkedIn(person.account))
		await expect(page.getByText('1 present of 1 expected')).toBeVisible()
		// The ticket stays in front of the camera: still one check-in. Looking again is a second read.
		await page.getByRole('button', { name: 'Stop the camera' }).click()
		await page.getByRole('button', { name: 'Scan with the camera' }).click()
		await expect(outcome(page)).toHaveText(new RegExp(`^Already checked in at \\d\\d:\\d\\d: ${person.account.name}`))
		await expect(page.getByText('1 present of 1 expected')).toBeVisible()
	} finally {
		await browser.close()
	}
})

test('with the network down the desk goes on: scans are checked in the browser, queued, sent once it returns, and credited once', async ({
	page,
	context,
	browser,
	request,
	javaScriptEnabled,
	adminToken,
	officeUser,
}) => {
	test.skip(!javaScriptEnabled, 'The offline queue is the page’s script: without it every check-in is a form sent to the server')
	const title = `Offline test ${unique()}`
	const eventId = await createEventAsStaff(request, adminToken, { title, start: new Date(Date.now() + 30 * 60_000), nCpeHours: 1.5 })
	const people = [await registeredMember(request, eventId), await registeredMember(request, eventId)]
	await officeSignIn(page, await officeUser('desk'), `/office/events/${eventId}/check-in`)
	await officeScriptsRunning(page)
	const queueKey = `check-in-queue:${eventId}`
	const storedQueue = () => page.evaluate((key) => localStorage.getItem(key) ?? '[]', queueKey)

	await context.setOffline(true)
	for (const { account, code } of people) {
		await typeCode(page, code)
		await expect(outcome(page)).toContainText(checkedIn(account))
		await expect(outcome(page)).toContainText('Offline: it is sent when the network returns.')
	}
	await expect(page.getByText('2 waiting to be sent')).toBeVisible()
	await expect(page.getByText('2 present of 2 expected')).toBeVisible()
	// A forged ticket is refused in the browser too, and not queued.
	await typeCode(page, `${people[0]!.code.slice(0, -1)}${people[0]!.code.endsWith('A') ? 'B' : 'A'}`)
	await expect(outcome(page)).toHaveText('Not a valid ticket')
	const batch = await storedQueue()
	expect(JSON.parse(batch)).toHaveLength(2)

	await context.setOffline(false)
	await expect(page.getByText('waiting to be sent')).toBeHidden()
	expect(await storedQueue()).toBe('[]')
	await page.reload()
	await expect(page.getByText('2 present of 2 expected')).toBeVisible()

	// The same batch again, as a second desk's copy would be: the server counts each person once.
	await page.evaluate(([key, queue]) => localStorage.setItem(key, queue), [queueKey, batch] as const)
	await page.reload()
	await expect.poll(storedQueue).toBe('[]')
	await page.reload()
	await expect(page.getByText('2 present of 2 expected')).toBeVisible()

	const member = await browser.newContext()
	const memberPage = await member.newPage()
	await signInAs(memberPage, people[0]!.account)
	await memberPage.waitForURL((url) => !url.pathname.endsWith('/login'))
	await memberPage.goto('/member/cpe')
	await expect(memberPage.getByRole('main').getByRole('row').filter({ hasText: title })).toHaveCount(1)
	await expect(memberPage.getByRole('main').getByRole('row').filter({ hasText: title })).toContainText('1.5')
	await member.close()
})
