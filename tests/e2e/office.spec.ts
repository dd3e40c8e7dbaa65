// The branch office as its staff use it, with JavaScript on and off: sign-in with a session of its
// own, an event made, published, seen publicly and withdrawn, the audit log, the operations pages,
// the roles, axe on every office page, and the script budget.
import { PDFDocument } from 'pdf-lib'
import sharp from 'sharp'
import { createAccount, mailsTo, signIn } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { createEventAsStaff, officeFullName, officeScriptsRunning, officeSignIn } from './support/office'
import { expectHydratedWithinBudget } from './support/script-budget'
import { expectInHeadOnly } from './support/site'

test('a signed-out visitor is sent to the office sign-in, and back after it', async ({ page, officeUser }, testInfo) => {
	const admin = await officeUser('admin')
	await page.goto('/office/audit')
	await expect(page).toHaveURL(/\/office\/login\?redirectTo=%2Foffice%2Faudit/)
	await expect(page.getByRole('heading', { name: 'Office sign-in' })).toBeVisible()
	await expectNoAxeViolations(page, testInfo.project.name === 'office-js')
	await page.getByLabel('Username').fill(admin)
	await page.getByLabel('Password').fill('not the password at all')
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page.getByText('The username or password is incorrect.')).toBeVisible()
	await expect(page.getByLabel('Username')).toHaveValue(admin)
	// The page the server sends back never holds the password (with JavaScript the typed one simply stays).
	if (testInfo.project.name === 'office-no-js') await expect(page.getByLabel('Password')).toHaveValue('')
})

test('an administrator makes an event, publishes it, sees it publicly, withdraws it, finds it all in the audit log, then cancels and deletes it', async ({
	page,
	officeUser,
}, testInfo) => {
	test.slow()
	const js = testInfo.project.name === 'office-js'
	const title = `Office seminar ${testInfo.project.name} ${Date.now()}`
	await officeSignIn(page, await officeUser('admin'))
	await expect(page.getByRole('heading', { name: 'Office dashboard' })).toBeVisible()
	await expectNoAxeViolations(page, js)

	await page.getByRole('navigation', { name: 'Office' }).getByRole('link', { name: 'Events' }).click()
	await page.getByRole('link', { name: 'New event' }).click()
	await expect(page.getByRole('heading', { name: 'New event' })).toBeVisible()
	await expectNoAxeViolations(page, js)
	// Nothing filled in: told beside the fields, nothing made.
	await page.getByRole('button', { name: 'Create the event' }).click()
	await expect(page.getByText('Title is required')).toBeVisible()
	await page.getByLabel('Title', { exact: true }).fill(title)
	await page.getByLabel('Summary (one or two lines for the list)').fill('Made by the office in a test.')
	await page.getByLabel('Description').fill('First paragraph.\n\nSecond paragraph.')
	await page.getByLabel('Starts (India time)').fill('2031-02-10T10:00')
	await page.getByLabel('Ends (India time)').fill('2031-02-10T13:00')
	await page.getByLabel('Venue', { exact: true }).fill('Accountants’ Bhavan')
	await page.getByLabel('City').fill('Pune')
	await page.getByLabel('Venue address').fill('14 Tilak Road, Pune')
	await page.getByRole('button', { name: 'Add a speaker' }).click()
	await page.getByLabel('Speaker 1: name').fill('CA Test Speaker')
	await page.getByLabel('Fee in rupees, before GST (0 or empty: free)').fill('750')
	await page.getByLabel('Published: the public sees it').check()
	await page.getByRole('button', { name: 'Create the event' }).click()
	await expect(page.getByText('The event is created.')).toBeVisible()
	await expect(page.getByRole('heading', { name: title })).toBeVisible()
	const eventPath = new URL(page.url()).pathname
	const iEventId = eventPath.split('/').at(-1)

	const publicPage = await page.context().newPage()
	await publicPage.goto(`/events/event-details/${iEventId}`)
	await expect(publicPage.getByRole('heading', { name: title })).toBeVisible()
	await expect(publicPage.getByText('CA Test Speaker')).toBeVisible()

	// Publishing is the form's checkbox, saved with the rest, as for albums and newsletter issues.
	await page.getByLabel('Published: the public sees it').uncheck()
	await page.getByRole('button', { name: 'Save the event' }).click()
	await expect(page.getByText('The event is saved.')).toBeVisible()
	await expect(page.getByText('Draft: the public does not see it')).toBeVisible()
	const hidden = await publicPage.goto(`/events/event-details/${iEventId}`)
	expect(hidden?.status()).toBe(404)
	await publicPage.close()

	await page.goto('/office/audit')
	await expect(page.getByRole('cell', { name: `Created “${title}”, published` })).toBeVisible()
	await expect(page.getByRole('cell', { name: `Edited “${title}” (draft)` })).toBeVisible()
	await expectNoAxeViolations(page, js)

	// Cancelling, then deleting: each asks first, on a page of its own.
	await page.goto(eventPath)
	await page.getByRole('link', { name: 'Cancel the event' }).click()
	await expect(page.getByRole('heading', { name: `Cancel “${title}”?` })).toBeVisible()
	await expect(page.getByText('No paid registrations need a refund.')).toBeVisible()
	await page.getByRole('button', { name: 'Cancel the event' }).click()
	await expect(page.getByText('The event is cancelled: registration is closed and the public page says so.')).toBeVisible()
	await page.getByRole('link', { name: 'Delete', exact: true }).click()
	await expect(page.getByRole('heading', { name: `Delete “${title}”?` })).toBeVisible()
	await page.getByRole('button', { name: 'Delete the event' }).click()
	await expect(page.getByText('The event is deleted.')).toBeVisible()
	await expect(page).toHaveURL(/\/office\/events$/)
})

test('the operations pages: payments, an event’s registrations with the desk, reports, accounts, subscribers, staff; the largest office pages within the script budget', async ({
	page,
	baseURL,
	officeUser,
}, testInfo) => {
	test.slow()
	const js = testInfo.project.name === 'office-js'
	await officeSignIn(page, await officeUser('admin'), '/office/payments')
	await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible()
	await expectNoAxeViolations(page, js)
	await page
		.getByRole('link', { name: /^Open payment/ })
		.first()
		.click()
	await expect(page.getByRole('heading', { name: /^Payment \d+$/ })).toBeVisible()
	await expectNoAxeViolations(page, js)

	await page.goto('/office')
	await page
		.getByRole('link', { name: /^Registrations for/ })
		.first()
		.click()
	await expect(page.getByRole('heading', { name: 'At the desk' })).toBeVisible()
	await page.getByLabel('Membership or registration number').fill('ZZ0000')
	await page.getByRole('button', { name: 'Mark present', exact: true }).click()
	await expect(page.getByText('Nobody registered for this event has that number.')).toBeVisible()
	await expect(page.getByLabel('Membership or registration number')).toHaveValue('ZZ0000')
	await expectNoAxeViolations(page, js)
	const download = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Download CSV' }).click()
	const csv = await (await download).createReadStream()
	const chunks: Buffer[] = []
	for await (const chunk of csv) chunks.push(chunk as Buffer)
	const text = Buffer.concat(chunks).toString('utf8')
	expect(text.startsWith('\uFEFFRegistration id,Name,')).toBe(true)

	for (const [path, heading] of [
		['/office/reports', 'Reports'],
		['/office/accounts', 'Accounts'],
		['/office/subscribers', 'Newsletter subscribers'],
		['/office/staff', 'Office users'],
	] as const) {
		await page.goto(path)
		await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible()
		await expectNoAxeViolations(page, js)
	}

	// Checked here, in a test already signed in: each office user's sign-ins are limited.
	const accountPage = (await (await page.request.get('/office/accounts')).text()).match(/href="(\/office\/accounts\/\d+)"/)?.[1]
	expect(accountPage).toBeDefined()
	for (const path of [
		'/office',
		'/office/events/new',
		'/office/events/12/registrations',
		'/office/gallery/1',
		'/office/pages/about',
		'/office/newsletters/new',
		'/office/payments',
		'/office/staff',
		accountPage!,
	]) {
		const response = await page.request.get(path)
		expect(response.status(), path).toBe(200)
		const html = await response.text()
		expect(html, path).toContain('__reactRouterContext')
		await expectHydratedWithinBudget(page.request, html, `${baseURL}${path}`)
	}
})

test('an editor has the content pages but not the administrator’s, and posts an announcement members see, corrects it and withdraws it', async ({
	page,
	browser,
	request,
	officeUser,
}, testInfo) => {
	// A member who chose updates by e-mail, there before the announcement is posted.
	const member = await createAccount(request, 'member', { emailUpdates: true })
	await officeSignIn(page, await officeUser('editor'), '/office/announcements')
	const title = `Branch notice ${testInfo.project.name} ${Date.now()}`
	await page.getByLabel('Title').fill(title)
	await page.getByLabel('Text').fill('The office is closed on Monday.\n\nIt opens again on Tuesday.')
	await page.getByLabel('Also e-mail it to the members who chose updates by e-mail').check()
	await page.getByRole('button', { name: 'Post it' }).click()
	await expect(page.getByText(/It is being e-mailed to \d+ members?\./)).toBeVisible()
	await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible()
	// Every office page keeps search engines out, with one rule in the head.
	await expectInHeadOnly(page, 'meta[name="robots"]')
	await expect.poll(async () => (await mailsTo(member.email)).filter((mail) => mail.subject.endsWith(title)).length, { timeout: 20_000 }).toBe(1)
	await expectNoAxeViolations(page, testInfo.project.name === 'office-js')
	const memberContext = await browser.newContext({ javaScriptEnabled: testInfo.project.name === 'office-js' })
	await signIn(memberContext, member)
	const memberPage = await memberContext.newPage()
	await memberPage.goto('/member/announcements')
	await expect(memberPage.getByRole('link', { name: title })).toBeVisible()
	await memberContext.close()
	// Corrected, then withdrawn after its own page asks.
	const corrected = `${title} (corrected)`
	await page.getByRole('link', { name: `Correct or withdraw “${title}”` }).click()
	await page.getByLabel('Title').fill(corrected)
	await page.getByRole('button', { name: 'Save the correction' }).click()
	await expect(page.getByText('Announcement updated')).toBeVisible()
	await page.getByRole('link', { name: `Correct or withdraw “${corrected}”` }).click()
	await page.getByRole('link', { name: 'Withdraw it' }).click()
	await expect(page.getByRole('heading', { name: `Withdraw “${corrected}”?` })).toBeVisible()
	await page.getByRole('button', { name: 'Withdraw it' }).click()
	await expect(page.getByText('Announcement deleted')).toBeVisible()
	await expect(page.getByRole('cell', { name: corrected, exact: true })).toHaveCount(0)
	await expect(page.getByRole('navigation', { name: 'Office' }).getByRole('link', { name: 'Staff' })).toHaveCount(0)
	const response = await page.goto('/office/staff')
	expect(response?.status()).toBe(403)
	await expect(page.getByRole('heading', { name: 'Not for your role' })).toBeVisible()
	await expectNoAxeViolations(page, testInfo.project.name === 'office-js')
	// The office's error page renders its own title and keeps search engines out, both in the head.
	if (testInfo.project.name === 'office-js') await officeScriptsRunning(page)
	await expectInHeadOnly(page, 'meta[name="robots"]')
	await expectInHeadOnly(page, 'title')
	await expect(page).toHaveTitle('Not for your role')
})

test('each role sees only the office pages it may open, and the desk marks attendance but takes no money', async ({
	page,
	request,
	officeUser,
	adminToken,
}, testInfo) => {
	const nav = () => page.getByRole('navigation', { name: 'Office' })
	const start = new Date(Date.now() + 3 * 86_400_000)
	const title = `Roles seminar ${testInfo.project.name} ${Date.now()}`
	const iEventId = await createEventAsStaff(request, adminToken, { title, start })

	await officeSignIn(page, await officeUser('editor'))
	await expect(nav().getByRole('link', { name: 'Pages' })).toBeVisible()
	await expect(nav().getByRole('link', { name: 'Payments' })).toHaveCount(0)
	// The dashboard links only where the editor may go: no registrations, no payments.
	await expect(page.getByRole('link', { name: `Registrations for ${title}` })).toHaveCount(0)
	await page.getByRole('button', { name: 'Sign out of the office' }).click()

	await officeSignIn(page, await officeUser('accounts'))
	await expect(nav().getByRole('link')).toHaveText(['Dashboard', 'Events', 'Payments', 'Accounts', 'Subscribers', 'Reports'])
	expect((await page.goto('/office/pages'))?.status()).toBe(403)
	await page.goto('/office')
	await page.getByRole('button', { name: 'Sign out of the office' }).click()

	const desk = await officeUser('desk')
	await officeSignIn(page, desk)
	await expect(nav().getByRole('link')).toHaveText(['Dashboard', 'Events'])
	await expect(page.getByRole('banner').getByText(`Signed in as ${officeFullName('desk', desk)} · Desk`)).toBeVisible()
	// From the events list: the dashboard shows only the five soonest, and other tests make events too.
	await nav().getByRole('link', { name: 'Events' }).click()
	await page.getByRole('link', { name: `Registrations for ${title}` }).click()
	await expect(page.getByRole('heading', { level: 1 })).toContainText(title)
	await expectNoAxeViolations(page, testInfo.project.name === 'office-js')
	for (const path of ['/office/payments', `/office/events/${iEventId}`, '/office/staff']) {
		expect((await page.goto(path))?.status(), path).toBe(403)
		await expect(page.getByRole('heading', { name: 'Not for your role' })).toBeVisible()
	}
})

test('an editor edits an information page with a link and a PDF, previews it and publishes it', async ({ page, officeUser }, testInfo) => {
	test.slow()
	const js = testInfo.project.name === 'office-js'
	// One page per project, so the two never edit the same draft; the seeded title and text stay.
	const [slug, path] = js ? ['services', '/services'] : ['policies', '/policies']
	const stamp = `${testInfo.project.name}-${Date.now()}`
	await officeSignIn(page, await officeUser('editor'), `/office/pages/${slug}`)
	await expectNoAxeViolations(page, js)
	const text = page.getByLabel('Text', { exact: true })
	await text.fill(`${await text.inputValue()}\n\n[Calendar ${stamp}](/events)`)
	await page.getByRole('button', { name: 'Save the draft and preview it' }).click()
	const preview = page.getByRole('region', { name: 'Preview of the draft' })
	await expect(preview.getByRole('link', { name: `Calendar ${stamp}` })).toBeVisible()

	const pdf = await PDFDocument.create()
	pdf.addPage().drawText(`Attached in ${stamp}`)
	await page.getByLabel('PDF (up to 20 MB)').setInputFiles({ name: 'forms.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) })
	await page.getByLabel('Link label (what readers click)').fill(`Forms ${stamp}`)
	await page.getByRole('button', { name: 'Attach and add to the draft' }).click()
	await expect(preview.getByRole('link', { name: `Forms ${stamp} (PDF)` })).toBeVisible()
	await expectNoAxeViolations(page, js)
	// Not public until published.
	const publicPage = await page.context().newPage()
	await publicPage.goto(path)
	await expect(publicPage.getByRole('link', { name: `Calendar ${stamp}` })).toHaveCount(0)
	await page.getByRole('button', { name: 'Publish this draft' }).click()
	await expect(page.getByText('The page is published.')).toBeVisible()
	await publicPage.goto(path)
	await expect(publicPage.getByRole('link', { name: `Calendar ${stamp}` })).toBeVisible()
	const file = publicPage.getByRole('link', { name: `Forms ${stamp} (PDF)` })
	const href = await file.getAttribute('href')
	const response = await publicPage.request.get(href!)
	expect(response.headers()['content-type']).toBe('application/pdf')
	expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-')
	await publicPage.close()
})

test('an editor uploads a newsletter issue, publishes it, the public downloads it, and the editor deletes it', async ({ page, officeUser }, testInfo) => {
	test.slow()
	const js = testInfo.project.name === 'office-js'
	// A month of its own, so runs and retries never meet the one-issue-a-month rule.
	const year = 2040 + Math.floor(Math.random() * 400)
	const month = `${year}-${js ? '01' : '02'}`
	const title = `Bulletin ${testInfo.project.name} ${year}`
	await officeSignIn(page, await officeUser('editor'), '/office/newsletters/new')
	await expectNoAxeViolations(page, js)
	const pdf = await PDFDocument.create()
	pdf.addPage().drawText(title)
	// A file that is not a PDF is refused beside the field, the other values kept.
	await page
		.getByLabel('The issue (a PDF, up to 20 MB)')
		.setInputFiles({ name: 'issue.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') })
	await page.getByLabel('Title', { exact: true }).fill(title)
	await page.getByLabel('Month', { exact: true }).fill(month)
	await page.getByLabel('Summary', { exact: true }).fill('The test issue.')
	await page.getByRole('button', { name: 'Add the issue' }).click()
	await expect(page.getByText('This file is not a PDF.')).toBeVisible()
	await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)
	await page
		.getByLabel('The issue (a PDF, up to 20 MB)')
		.setInputFiles({ name: 'issue.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) })
	await page.getByLabel('Published: the public sees it').check()
	await page.getByRole('button', { name: 'Add the issue' }).click()
	await expect(page.getByText('The issue is added.')).toBeVisible()
	const issueUrl = page.url()
	await page.goto(`/newsletters?nYear=${year}`)
	const issue = page.getByRole('main').getByRole('article').filter({ hasText: title })
	await expect(issue).toBeVisible()
	const href = await issue.getByRole('link', { name: /Download/ }).getAttribute('href')
	const response = await page.request.get(href!)
	expect(response.headers()['content-type']).toBe('application/pdf')
	expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-')

	// The issue goes after its own page asks.
	await page.goto(issueUrl)
	await page.getByRole('link', { name: 'Delete', exact: true }).click()
	await expect(page.getByRole('heading', { name: `Delete “${title}”?` })).toBeVisible()
	await page.getByRole('button', { name: 'Delete the issue' }).click()
	await expect(page.getByText('The issue is deleted.')).toBeVisible()
	await expect(page.getByRole('cell', { name: title, exact: true })).toHaveCount(0)
})

test('an editor makes an album of three photos, orders them, describes one, publishes it and deletes it', async ({ page, officeUser }, testInfo) => {
	test.slow()
	const js = testInfo.project.name === 'office-js'
	const title = `Seminar photos ${testInfo.project.name} ${Date.now()}`
	const photo = async (colour: string) => ({
		name: `${colour.slice(1)}.png`,
		mimeType: 'image/png',
		buffer: await sharp({ create: { width: 600, height: 400, channels: 3, background: colour } })
			.png()
			.toBuffer(),
	})
	await officeSignIn(page, await officeUser('editor'), '/office/gallery/new')
	await expectNoAxeViolations(page, js)
	await page.getByLabel('Title', { exact: true }).fill(title)
	await page.getByLabel('Day of the event').fill('2026-11-20')
	await page.getByRole('button', { name: 'Add the album' }).click()
	await expect(page.getByText('The album is added. Now add its photos.')).toBeVisible()

	// Without a description the photos are refused beside the field, and none is kept.
	const files = page.getByLabel(/^Photos \(JPEG, PNG or WebP/)
	await files.setInputFiles([await photo('#aa3333'), await photo('#33aa33'), await photo('#3333aa')])
	await page.getByRole('button', { name: 'Add the photos' }).click()
	await expect(page.getByText('Describe what the photo shows')).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Photos (0)' })).toBeVisible()
	if (!js) await files.setInputFiles([await photo('#aa3333'), await photo('#33aa33'), await photo('#3333aa')])
	await page.getByLabel('What the photos show (for people who cannot see them)').fill('Members at the seminar')
	await page.getByRole('button', { name: 'Add the photos' }).click()
	if (js) await expect(page.getByRole('list').filter({ hasText: '3333aa.png: added' })).toBeVisible()
	else await expect(page.getByText('3 photos are added.')).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Photos (3)' })).toBeVisible()
	await expectNoAxeViolations(page, js)

	// The third photo moves earlier, becomes the cover, and gets its own description.
	await page.getByRole('button', { name: 'Earlier (photo 3)' }).click()
	await expect(page.getByText('The order is saved.')).toBeVisible()
	await page.getByRole('button', { name: 'Make it the cover (photo 2)' }).click()
	await expect(page.getByText('The cover is chosen.')).toBeVisible()
	await expect(page.getByText('Photo 2 of 3 · the cover')).toBeVisible()
	const second = page.getByRole('listitem').filter({ hasText: 'Photo 2 of 3' })
	await second.getByLabel('What it shows').fill('The panel answers questions')
	await second.getByRole('button', { name: /^Save/ }).click()
	await expect(page.getByText('The photo’s description is saved.')).toBeVisible()

	// The first photo goes, after its confirmation page.
	await page.getByRole('link', { name: 'Delete photo 1' }).click()
	await page.getByRole('button', { name: 'Delete the photo' }).click()
	await expect(page.getByText('The photo is deleted.')).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Photos (2)' })).toBeVisible()

	// A draft is not public; published, it is, with its cover described.
	const albumUrl = page.url()
	const albumId = albumUrl.split('/').at(-1)
	expect((await page.request.get(`/gallery/view-gallery/${albumId}`)).status()).toBe(404)
	await page.getByLabel('Published: the public sees it').check()
	await page.getByRole('button', { name: 'Save the album' }).click()
	await expect(page.getByText('The album is saved.')).toBeVisible()
	await page.goto('/gallery')
	await expect(page.getByRole('article').filter({ hasText: title }).getByAltText('The panel answers questions')).toBeVisible()
	await page.goto(`/gallery/view-gallery/${albumId}`)
	await expect(page.getByRole('heading', { name: title })).toBeVisible()
	await expect(page.getByRole('main').getByRole('img')).toHaveCount(2)

	// The album goes after its own page asks.
	await page.goto(albumUrl)
	await page.getByRole('link', { name: 'Delete the album' }).click()
	await expect(page.getByText(/^The album and its 2 photos go from the gallery for good\./)).toBeVisible()
	await page.getByRole('button', { name: 'Delete the album' }).click()
	await expect(page.getByText('The album is deleted.')).toBeVisible()
	await expect(page.getByRole('cell', { name: title, exact: true })).toHaveCount(0)
})

test('an editor makes a committee, adds a person with a portrait and a message, publishes the message, then deletes both', async ({
	page,
	officeUser,
}, testInfo) => {
	test.slow()
	const js = testInfo.project.name === 'office-js'
	const title = `Study circle committee ${testInfo.project.name} ${Date.now()}`
	await officeSignIn(page, await officeUser('editor'), '/office/committees/new')
	await page.getByLabel('Title', { exact: true }).fill(title)
	await page.getByLabel('Order on the committees page (0 first)').fill('90')
	await page.getByRole('button', { name: 'Add the committee' }).click()
	await expect(page.getByText('The committee is added. Now add its people.')).toBeVisible()
	await expectNoAxeViolations(page, js)

	await page.getByRole('link', { name: 'Add a person' }).click()
	const main = page.getByRole('main')
	await main.getByLabel('Name', { exact: true }).fill('CA Test Convenor')
	await page.getByLabel('Role', { exact: true }).fill('Convenor')
	await page.getByLabel('Term starts').fill('2026-04-01')
	await page.getByLabel('Term ends').fill('2025-03-31')
	await page.getByLabel('Message (optional; a blank line between paragraphs)').fill('Dear members,\n\nThe study circle meets every Saturday.')
	await page.getByRole('button', { name: 'Add the person' }).click()
	// Mistakes are said beside their fields, what was typed kept.
	await expect(page.getByText('The term ends on or after it starts')).toBeVisible()
	await expect(page.getByText('Give the message a title, like “Chairman’s message”')).toBeVisible()
	await expect(main.getByLabel('Name', { exact: true })).toHaveValue('CA Test Convenor')
	await page.getByLabel('Term ends').fill('2027-03-31')
	await page.getByLabel('Message title (if they have a message)').fill('Convenor’s message')
	await page.getByRole('button', { name: 'Add the person' }).click()
	await expect(page.getByText('The person is added.')).toBeVisible()
	await expectNoAxeViolations(page, js)

	const portrait = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#664422' } })
		.png()
		.toBuffer()
	await page.getByLabel('New portrait (JPEG, PNG or WebP, up to 5 MB)').setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: portrait })
	await page.getByRole('button', { name: 'Save the portrait' }).click()
	await expect(page.getByText('The portrait is saved.')).toBeVisible()
	const personUrl = page.url()
	const personId = personUrl.split('/').at(-1)
	expect((await page.request.get(`/message-content/${personId}`)).status()).toBe(404)

	await page.getByLabel('Message published: the public sees it').check()
	await page.getByRole('button', { name: 'Save the person' }).click()
	await expect(page.getByText('The person is saved.')).toBeVisible()
	await page.goto('/managing-committee')
	const committee = page.getByRole('region', { name: title })
	await expect(committee.getByAltText('Portrait of CA Test Convenor')).toBeVisible()
	await page.goto(`/message-content/${personId}`)
	await expect(page.getByText('The study circle meets every Saturday.')).toBeVisible()

	// The person, then the committee, go after their own pages ask.
	await page.goto(personUrl)
	await page.getByRole('link', { name: 'Delete', exact: true }).click()
	await expect(page.getByRole('heading', { name: `Delete CA Test Convenor from “${title}”?` })).toBeVisible()
	await page.getByRole('button', { name: 'Delete the person' }).click()
	await expect(page.getByText('The person is deleted.')).toBeVisible()
	await page.getByRole('link', { name: 'Delete the committee' }).click()
	await expect(page.getByText('The committee and its 0 people go from the committees page for good, with their messages.')).toBeVisible()
	await page.getByRole('button', { name: 'Delete the committee' }).click()
	await expect(page.getByText('The committee is deleted.')).toBeVisible()
	await expect(page.getByRole('link', { name: title, exact: true })).toHaveCount(0)
})

test.describe('a member’s session', () => {
	test.use({ signedIn: 'member' })
	test('does not open the office', async ({ page }) => {
		await page.goto('/office')
		await expect(page).toHaveURL(/\/office\/login/)
	})
})
