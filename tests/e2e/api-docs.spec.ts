// /api/docs, the API document for people, with JavaScript on and off: every operation of
// /api/openapi.json is on it, grouped by area, with its stylesheet let through by the CSP.
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'

type Document = { tags: { name: string }[]; paths: Record<string, Record<string, { operationId: string }>> }

test('lists every operation of the document by area, links to the JSON and passes axe', async ({ page, request, javaScriptEnabled }) => {
	const json = await request.get('/api/openapi.json')
	expect(json.ok()).toBe(true)
	const document = (await json.json()) as Document
	const operations = Object.values(document.paths).flatMap((item) => Object.values(item))

	await page.goto('/api/docs')
	await expect(page).toHaveTitle('Branch portal API: every call')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Branch portal API')
	await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Areas', ...document.tags.map((tag) => tag.name)])
	await expect(page.getByRole('heading', { level: 3 })).toHaveCount(operations.length)
	await expect(page.getByRole('link', { name: 'the OpenAPI 3.1 document (JSON)' }).first()).toHaveAttribute('href', '/api/openapi.json')

	// The stylesheet came from the API and was applied.
	await expect(page.locator('.method').first()).toHaveCSS('background-color', 'rgb(11, 79, 138)')

	await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Office reports' }).click()
	await expect(page).toHaveURL(/\/api\/docs#area-office-reports$/)
	const report = page.getByRole('region', { name: 'GET /api/office/reports/gst-register/v1' })
	await expect(report).toContainText('Who may call: office staff whose role is administrator or accounts.')
	await expect(report).toContainText('oFilter[dFrom] (in the query)')
	await expect(report).toContainText('200: JSON or CSV; errors 400, 401, 403')
	await expectNoAxeViolations(page, javaScriptEnabled)
})
