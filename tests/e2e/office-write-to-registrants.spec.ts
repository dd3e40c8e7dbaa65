// The accounts office writes to an event's people, with JavaScript on and off: from the event's
// registrations page to the message form (each choice naming how many it reaches), a refused empty
// form, the message sent, the mail in the registered members' inboxes, and its progress.
import { accountToken, createAccount, mailsTo, unique } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { createEventAsStaff, officeSignIn, staffToken } from './support/office'

test.describe.configure({ timeout: 120_000 })

test('the office writes to everyone registered for an event, and each of them gets the mail once', async ({ page, request, officeUser }, testInfo) => {
	const js = testInfo.project.name === 'office-js'
	const editorToken = await staffToken(request, await officeUser('editor'))
	const title = `Registrants seminar ${testInfo.project.name} ${unique()}`
	const iEventId = await createEventAsStaff(request, editorToken, { title, start: new Date(Date.now() + 6 * 24 * 3_600_000), sVenueName: 'Hall D' })
	const people = [await createAccount(request, 'member'), await createAccount(request, 'member')]
	for (const person of people) {
		const registered = await request.post(`/api/member/events/register/v1/${iEventId}`, {
			headers: { authorization: await accountToken(request, person) },
			data: {},
		})
		expect(registered.status()).toBe(201)
	}
	// Registering mailed each of them what to do next: a free event, nothing to pay.
	for (const person of people) {
		await expect
			.poll(async () => (await mailsTo(person.email)).filter((mail) => mail.subject === `Registration received: ${title}`).length, { timeout: 20_000 })
			.toBe(1)
	}

	await officeSignIn(page, await officeUser('accounts'), `/office/events/${iEventId}/registrations`)
	await page.getByRole('link', { name: 'Write to registrants' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Write to the people of “${title}”`)
	const to = page.getByLabel('To', { exact: true })
	await expect(to.getByRole('option', { name: 'Everyone registered (paid or not): 2 people' })).toBeAttached()
	await expect(to.getByRole('option', { name: 'The waiting list: 0 people' })).toBeAttached()
	if (js) await expect(page.getByText('This message goes to 2 people.')).toBeVisible()

	await page.getByRole('button', { name: 'Send' }).click()
	await expect(page.getByText('Subject is required')).toBeVisible()
	await expect(page.getByText('Message is required')).toBeVisible()
	await expectNoAxeViolations(page, js)

	const subject = `Bring your laptop ${unique()}`
	await to.selectOption('registered')
	await page.getByLabel('Subject').fill(subject)
	await page.getByLabel('Message').fill('Please bring a laptop with Excel.\n\nThe hall has power points at every table.')
	await page.getByRole('button', { name: 'Send' }).click()
	await expect(page.getByText(/^The message is being sent\. \(\d people? to go\)$/)).toBeVisible()

	for (const person of people) {
		await expect.poll(async () => (await mailsTo(person.email)).filter((mail) => mail.subject === `${subject}: ${title}`).length, { timeout: 20_000 }).toBe(1)
		const [mail] = (await mailsTo(person.email)).filter((mail) => mail.subject === `${subject}: ${title}`)
		expect(mail!.text).toContain('Please bring a laptop with Excel.')
		expect(mail!.text).toContain('Where: Hall D, 1 Road, Pune')
	}
	// With JavaScript the page follows the progress by itself; without, the link (or a reload) shows it.
	const progress = page.getByRole('region', { name: subject })
	if (!js) await page.reload()
	await expect(progress.getByRole('status')).toContainText('Sent2')
	await expect(progress.getByRole('status')).toContainText('Left0')
	await expect(page.getByText(/^To everyone registered \(paid or not\), .+, by E2E Accounts/)).toBeVisible()
	await expectNoAxeViolations(page, js)

	// The same message again, a moment later (a second press, a resubmitted form): refused, nobody mailed twice.
	await to.selectOption('registered')
	await page.getByLabel('Subject').fill(subject)
	await page.getByLabel('Message').fill('Please bring a laptop with Excel.\n\nThe hall has power points at every table.')
	await page.getByRole('button', { name: 'Send' }).click()
	await expect(page.getByText('The same message went to the same people a moment ago; it was not sent again.')).toBeVisible()
	expect((await mailsTo(people[0]!.email)).filter((mail) => mail.subject === `${subject}: ${title}`)).toHaveLength(1)
})
