// Nothing typed is lost when the page's scripts arrive, on every page with a field (decision 0065).
// On a slow phone a page shows its form seconds before its scripts run, and people type. For each
// page of the route table that draws a field (support/form-pages.ts), in one browser context per
// area: its scripts held until every field of every form is filled, then let through; and again
// with the CPU slowed six times, filling each field as soon as it shows. Once the scripts have
// hydrated the page and loaded its checks, every value must be as it was typed. A page with a field
// that REACH does not say how to open fails the run: a form added later is covered or fails.
// It runs on the office portal (OFFICE_SPECS), which has the office and makes the records it needs.
import { expect, type BrowserContext, type Page } from '@playwright/test'
import { test } from './support/fixtures'
import { formPages } from './support/form-pages'
import { E2E_OFFICE_PASSWORD, officeSignIn, turnOnTwoFactor } from './support/office'
import { skipWelcomePopup } from './support/site'

type Area = 'visitor' | 'member' | 'student' | 'office'
/** Numbers of records the office's pages open, read off the office's own lists. */
type Records = Record<string, string>
/** Where the page is, and what opens it first (the page before it in a flow). */
type Reach = {
	area: Area
	path: string | ((records: Records) => string)
	before?: (page: Page, records: Records) => Promise<void>
}

const visitor = (path: string): Reach => ({ area: 'visitor', path })
const office = (path: Reach['path']): Reach => ({ area: 'office', path })

/** How each page with a field is opened, by route id. */
const REACH: Record<string, Reach> = {
	root: visitor('/'),
	'routes/events': visitor('/events'),
	'routes/newsletters': visitor('/newsletters'),
	'verify-form': visitor('/verify'),
	'routes/verify': visitor('/verify/NO-SUCH-CODE'),
	'routes/register': visitor('/register'),
	'member-login': visitor('/member/login'),
	'student-login': visitor('/student/login'),
	'member-forgot-password': visitor('/member/forgot-password'),
	'student-forgot-password': visitor('/student/forgot-password'),
	'routes/office/login': visitor('/office/login'),
	// The second step of a two-factor sign-in, after the password of a user who has it on.
	'routes/office/login-code': { area: 'visitor', path: '/office/login/code', before: signInWithPassword },
	'routes/member-cpe': { area: 'member', path: '/member/cpe' },
	'member-profile': { area: 'member', path: '/member/profile' },
	'member-change-password': { area: 'member', path: '/member/change-password' },
	'member-close-account': { area: 'member', path: '/member/close-account' },
	'student-profile': { area: 'student', path: '/student/update-profile' },
	'student-change-password': { area: 'student', path: '/student/change-password' },
	'student-close-account': { area: 'student', path: '/student/close-account' },
	'routes/office/events': office('/office/events'),
	'office-event-new': office('/office/events/new'),
	'office-event-edit': office(({ event }) => `/office/events/${event}`),
	'office-event-copy': office(({ event }) => `/office/events/${event}/copy`),
	'routes/office/event-registrations': office(({ event }) => `/office/events/${event}/registrations`),
	'routes/office/event-write': office(({ event }) => `/office/events/${event}/write-to-registrants`),
	'routes/office/check-in': office(({ event }) => `/office/events/${event}/check-in`),
	'routes/office/newsletter-new': office('/office/newsletters/new'),
	'routes/office/newsletter': office(({ newsletter }) => `/office/newsletters/${newsletter}`),
	'routes/office/newsletter-mailing': office(({ newsletter }) => `/office/newsletters/${newsletter}/mailing`),
	'routes/office/album-new': office('/office/gallery/new'),
	'routes/office/album': office(({ album }) => `/office/gallery/${album}`),
	'routes/office/committee-new': office('/office/committees/new'),
	'routes/office/committee': office(({ committee }) => `/office/committees/${committee}`),
	'routes/office/committee-person-new': office(({ committee }) => `/office/committees/${committee}/people/new`),
	'routes/office/committee-person': office(({ committee, person }) => `/office/committees/${committee}/people/${person}`),
	'routes/office/page-edit': office(({ page }) => `/office/pages/${page}`),
	'routes/office/popup': office('/office/popup'),
	'routes/office/announcements': office('/office/announcements'),
	'routes/office/announcement': office(({ announcement }) => `/office/announcements/${announcement}`),
	'routes/office/payments': office('/office/payments'),
	'routes/office/payment': office(({ payment }) => `/office/payments/${payment}`),
	'routes/office/payment-refund': office(({ settledPayment }) => `/office/payments/${settledPayment}/refund`),
	'routes/office/accounts': office('/office/accounts'),
	'routes/office/account': office(({ account }) => `/office/accounts/${account}`),
	'routes/office/subscribers': office('/office/subscribers'),
	'routes/office/reports': office('/office/reports'),
	'routes/office/staff': office('/office/staff'),
	'routes/office/audit': office('/office/audit'),
	'routes/office/two-factor': office('/office/two-factor'),
}

const pages = formPages()
/** The slow CPU once per module, on its first page: pages of one module draw the same forms. */
const slowedPages = new Set(pages.filter((page, index) => pages.findIndex((other) => other.file === page.file) === index).map((page) => page.id))

test('every page of the route table with a field is opened by this spec', () => {
	const unknown = pages.filter((page) => !REACH[page.id]).map((page) => `${page.id} (${page.path})`)
	expect(unknown, 'pages with a field that REACH does not open: say how in tests/e2e/typed-input.spec.ts').toEqual([])
	const gone = Object.keys(REACH).filter((id) => !pages.some((page) => page.id === id))
	expect(gone, 'REACH names pages that draw no field any more').toEqual([])
})

/** The fields a person fills: every text field, text area, select and choice of a form. */
const FIELD_SELECTOR = 'input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=reset]):not([type=image]):not([type=file]), textarea, select'

type Filled = { key: string; value: string }

/**
 * A select whose choice loads another's options (the state, the cities of that state): left as it
 * is where that other offers a choice, which is then filled; a city of the state before would
 * rightly go when the new state's cities arrive.
 */
const LEADERS: Record<string, string> = { 'oState.sCode': 'oCity.sName' }

/**
 * Fills every visible, enabled field of every form on the page, in the page, as typing does (the
 * value, then an `input` and a `change` event): each text a value of its own kind unlike any other
 * field's, each select and choice one not chosen yet, each checkbox the other way. With `only`,
 * just those fields (by key). Answers each field filled and what it holds then, after the
 * browser's own limits (a maxlength).
 */
function fillFields({ selector, only, leaders }: { selector: string; only: string[] | null; leaders: Record<string, string> }) {
	const typed = (type: string, index: number) => {
		const day = String((index % 28) + 1).padStart(2, '0')
		const minute = String(index % 60).padStart(2, '0')
		const values: Record<string, string> = {
			email: `typed${index}@example.org`,
			url: `https://example.org/typed-${index}`,
			tel: String(9_000_000_000 + index),
			number: String(9000 + index),
			date: `2031-03-${day}`,
			'datetime-local': `2031-03-${day}T10:${minute}`,
			month: `2031-${String((index % 12) + 1).padStart(2, '0')}`,
			time: `10:${minute}`,
			textarea: `Typed text ${index}\nwith a second line`,
		}
		return values[type] ?? `typed ${index}`
	}
	const fields = Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(selector)).filter(
		(element) => element.form !== null,
	)
	const keyOf = (element: Element & { name: string; id: string }) =>
		`${element.name || element.id}#${fields.filter((other) => other.name === element.name).indexOf(element as HTMLInputElement)}`
	const valueOf = (element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement) =>
		element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio') ? String(element.checked) : element.value
	const filled: { key: string; value: string; before: string }[] = []
	for (const [index, element] of fields.entries()) {
		const key = keyOf(element)
		if ((only && !only.includes(key)) || element.disabled || (element as HTMLInputElement).readOnly || element.getClientRects().length === 0) continue
		const follower = leaders[element.name] ? document.querySelector<HTMLSelectElement>(`select[name="${leaders[element.name]}"]`) : null
		if (follower && Array.from(follower.options).some((option) => option.value !== '')) continue
		const before = valueOf(element)
		if (element instanceof HTMLSelectElement) {
			const other = Array.from(element.options).findLast((option) => !option.disabled && !option.selected && option.value !== '')
			if (!other) continue
			element.value = other.value
		} else if (element instanceof HTMLInputElement && element.type === 'radio') {
			// One choice per group: the last one not chosen yet.
			const group = fields.filter((other) => other.form === element.form && other.name === element.name)
			if (group.findLast((other) => !(other as HTMLInputElement).checked) !== element) continue
			element.checked = true
		} else if (element instanceof HTMLInputElement && element.type === 'checkbox') element.checked = !element.checked
		else element.value = typed(element instanceof HTMLInputElement ? element.type : 'textarea', index)
		element.dispatchEvent(new Event('input', { bubbles: true }))
		element.dispatchEvent(new Event('change', { bubbles: true }))
		filled.push({ key, value: valueOf(element), before })
	}
	return filled
}

/** What each field holds now, by key: fills nothing (`only` is empty), reads every field. */
function readFields(selector: string) {
	const fields = Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(selector)).filter(
		(element) => element.form !== null,
	)
	return fields.map((element) => ({
		key: `${element.name || element.id}#${fields.filter((other) => other.name === element.name).indexOf(element)}`,
		value: element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio') ? String(element.checked) : element.value,
	}))
}

/** The fields of the page, filled (all, or `only` those); a value a field already held would hide a reset. */
async function fillEveryField(page: Page, only: string[] | null = null): Promise<Filled[]> {
	const filled = await page.evaluate(fillFields, { selector: FIELD_SELECTOR, only, leaders: LEADERS })
	for (const field of filled) expect(field.value, `${field.key} holds a value of its own`).not.toBe(field.before)
	return filled.map(({ key, value }) => ({ key, value }))
}

/** Holds every script the page asks for until the answered `release`: what a slow connection does. */
async function holdScripts(page: Page) {
	const held: (() => Promise<void>)[] = []
	const SCRIPT = /\.m?js(\?.*)?$/
	let holding = true
	await page.route(SCRIPT, (route) => (holding ? void held.push(() => route.continue()) : route.continue()))
	return async () => {
		holding = false
		await Promise.all(held.map((go) => go()))
		// Without a route the browser's cache serves the scripts again (a route turns it off).
		await page.unroute(SCRIPT)
	}
}

/**
 * Run in every page before its own scripts. It counts React's commits whose effects have all run,
 * through the hook React calls for its developer tools (`afterEffects`). After `typeEarly(page)`,
 * the next page is filled as soon as its document is parsed, one field per task, so that the
 * typing goes on while its scripts run and React hydrates (`typedEarly`, `typingDone`).
 */
const pageWatch = `(() => {
	window.afterEffects = 0
	window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
		supportsFiber: true,
		inject: () => 1,
		onCommitFiberRoot: () => {},
		onCommitFiberUnmount: () => {},
		onPostCommitFiberRoot: () => void window.afterEffects++,
		checkDCE: () => {},
	}
	if (!sessionStorage.getItem('typeEarly')) return
	sessionStorage.removeItem('typeEarly')
	const fillFields = ${fillFields.toString()}
	const readFields = ${readFields.toString()}
	window.typedEarly = []
	document.addEventListener('readystatechange', () => {
		if (document.readyState !== 'interactive') return
		const keys = readFields(${JSON.stringify(FIELD_SELECTOR)}).map((field) => field.key)
		const next = () => {
			const key = keys.shift()
			if (key === undefined) return void (window.typingDone = true)
			window.typedEarly.push(...fillFields({ selector: ${JSON.stringify(FIELD_SELECTOR)}, only: [key], leaders: ${JSON.stringify(LEADERS)} }))
			setTimeout(next, 0)
		}
		next()
	})
})()`

/**
 * The page's scripts have run: an anonymous visitor's public page has loaded its island, and on a
 * React Router page React has hydrated every field and run the effects of that commit.
 */
async function scriptsDone(page: Page) {
	await page.waitForLoadState('load')
	await page.waitForFunction((selector) => {
		if (!('__reactRouterContext' in window)) return true
		const hydrated = Array.from(document.querySelectorAll(selector)).every((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')))
		return hydrated && (window as unknown as { afterEffects: number }).afterEffects > 0
	}, FIELD_SELECTOR)
}

async function expectKept(page: Page, filled: Filled[], what: string) {
	expect(filled.length, `${what}: no field was filled`).toBeGreaterThan(0)
	const now = new Map((await page.evaluate(readFields, FIELD_SELECTOR)).map((field) => [field.key, field.value]))
	expect(
		filled.map(({ key }) => ({ key, value: now.get(key) ?? '(field gone)' })),
		what,
	).toEqual(filled)
}

/** Typed while the page's scripts are held, then let through. */
async function typeBeforeScripts(page: Page, path: string) {
	const release = await holdScripts(page)
	await page.goto(path, { waitUntil: 'commit' })
	await page.waitForFunction(() => document.readyState !== 'loading')
	const filled = await fillEveryField(page)
	await release()
	await scriptsDone(page)
	await expectKept(page, filled, `${path}, typed before its scripts ran`)
}

/**
 * On a CPU slowed six times, each field filled as soon as the page shows it, one per task while
 * the scripts run and hydrate it; then a focus loads the form's checks (components/checked-form.ts),
 * which must not touch a value either.
 */
async function typeOnSlowCpu(page: Page, path: string) {
	const cdp = await page.context().newCDPSession(page)
	await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
	try {
		await page.evaluate(() => sessionStorage.setItem('typeEarly', 'yes'))
		await page.goto(path, { waitUntil: 'commit' })
		await page.waitForFunction(() => 'typingDone' in window)
		const typed = await page.evaluate(() => (window as unknown as { typedEarly: (Filled & { before: string })[] }).typedEarly)
		for (const field of typed) expect(field.value, `${field.key} holds a value of its own`).not.toBe(field.before)
		await scriptsDone(page)
		if (await page.evaluate(() => '__reactRouterContext' in window)) {
			await page.locator(FIELD_SELECTOR).first().focus()
			await page.waitForLoadState('networkidle')
		}
		await expectKept(
			page,
			typed.map(({ key, value }) => ({ key, value })),
			`${path}, typed as it showed on a slow CPU`,
		)
	} finally {
		await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
		await cdp.detach()
	}
}

/** The office's pages in this many parts, each a test of its own, which run side by side. */
const OFFICE_PARTS = 3

async function visitArea(page: Page, area: Area, records: Records = {}, part = 0, parts = 1) {
	await page.context().addInitScript({ content: pageWatch })
	const ofArea = pages.filter((candidate) => REACH[candidate.id]?.area === area)
	for (const { id } of ofArea.filter((_, index) => index % parts === part)) {
		const reach = REACH[id]!
		await test.step(id, async () => {
			await reach.before?.(page, records)
			const path = typeof reach.path === 'string' ? reach.path : reach.path(records)
			await typeBeforeScripts(page, path)
			if (slowedPages.has(id)) await typeOnSlowCpu(page, path)
		})
	}
}

async function signInWithPassword(page: Page, { twoFactorUser = '' }: Records) {
	await page.goto('/office/login')
	await page.getByLabel('Username').fill(twoFactorUser)
	await page.getByLabel('Password').fill(E2E_OFFICE_PASSWORD)
	await page.getByLabel('Password').press('Enter')
	await page.waitForURL((url) => url.pathname === '/office/login/code')
}

/** The first record of each kind the office's lists link to: `{ event: '12', … }`. */
async function officeRecords(context: BrowserContext) {
	const records: Records = {}
	const linked = async (list: string, link: RegExp) => {
		const html = await (await context.request.get(list)).text()
		const found = [...html.matchAll(/href="([^"]+)"/g)].map(([, href]) => link.exec(href ?? '')?.[1]).find((id) => id !== undefined)
		expect(found, `a link ${link} on ${list}`).toBeTruthy()
		return found!
	}
	records.event = await linked('/office/events', /^\/office\/events\/(\d+)$/)
	records.newsletter = await linked('/office/newsletters', /^\/office\/newsletters\/(\d+)$/)
	records.album = await linked('/office/gallery', /^\/office\/gallery\/(\d+)$/)
	records.photo = await linked(`/office/gallery/${records.album}`, /^\/office\/gallery\/\d+\/photos\/(\d+)\/delete$/)
	records.committee = await linked('/office/committees', /^\/office\/committees\/(\d+)$/)
	records.person = await linked(`/office/committees/${records.committee}`, /^\/office\/committees\/\d+\/people\/(\d+)$/)
	records.page = await linked('/office/pages', /^\/office\/pages\/([\w-]+)$/)
	records.announcement = await linked('/office/announcements', /^\/office\/announcements\/(\d+)$/)
	// A payment waiting at the office: its page has the form that confirms it.
	records.payment = await linked('/office/payments?sStatus=pending&sProvider=offline', /^\/office\/payments\/(\d+)$/)
	records.account = await linked('/office/accounts', /^\/office\/accounts\/(\d+)$/)
	// A refund is open for a settled payment: the first whose page links to its refund.
	const listed = [...(await (await context.request.get('/office/payments')).text()).matchAll(/href="\/office\/payments\/(\d+)"/g)].map(([, id]) => id ?? '')
	for (const payment of listed) {
		if (records.settledPayment) break
		if ((await (await context.request.get(`/office/payments/${payment}`)).text()).includes(`href="/office/payments/${payment}/refund"`))
			records.settledPayment = payment
	}
	expect(records.settledPayment, 'a settled payment on /office/payments').toBeTruthy()
	return records
}

test.describe('typed input survives the scripts', () => {
	test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'about what the scripts do')
	// Every page twice, once on a slow CPU.
	test.beforeEach(() => test.setTimeout(180_000))

	test('visitor pages', async ({ page, context, baseURL, officeUser, request }) => {
		await skipWelcomePopup(context, baseURL)
		// The second step of a two-factor sign-in is open only after its first: a user with two-factor on signs in with the password.
		const username = await officeUser('editor')
		await turnOnTwoFactor(request, username)
		await visitArea(page, 'visitor', { twoFactorUser: username })
	})

	test.describe('member', () => {
		test.use({ signedIn: 'member' })
		test('member pages', async ({ page }) => visitArea(page, 'member'))
	})

	test.describe('student', () => {
		test.use({ signedIn: 'student' })
		test('student pages', async ({ page }) => visitArea(page, 'student'))
	})

	for (let part = 0; part < OFFICE_PARTS; part++) {
		test(`office pages, part ${part + 1} of ${OFFICE_PARTS}`, async ({ page, context, officeUser }) => {
			await officeSignIn(page, await officeUser('admin'))
			await visitArea(page, 'office', await officeRecords(context), part, OFFICE_PARTS)
		})
	}
})
