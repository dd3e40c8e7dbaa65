// Shared facts and small helpers for the page tests (seeded text comes from app/api/demo/demo-pages.ts).
import { expect, type BrowserContext, type Page } from '@playwright/test'

export const BRANCH_NAME = 'Sahyadri Regional Branch'
export const BRANCH_ADDRESS = "3rd Floor, Accountants' Bhavan, 14 Tilak Road, Sadashiv Peth, Pune 411030, Maharashtra"
export const BRANCH_PHONE = '+91 20 2445 1200'
export const BRANCH_EMAIL = 'office@sahyadri-branch.example.org'
export const POPUP_TITLE = `Welcome to the ${BRANCH_NAME}`
export const POPUP_TEXT = 'Stay updated with our latest events and announcements.'

/** Marks the welcome popup as already seen in this browser session, as the server's cookie does. */
export async function skipWelcomePopup(context: BrowserContext, baseURL: string | undefined) {
	await context.addCookies([{ name: 'popupShown', value: 'true', url: baseURL ?? 'http://localhost:3210' }])
}

export function mainNav(page: Page) {
	return page.getByRole('navigation', { name: 'Main' })
}

export function footer(page: Page) {
	return page.getByRole('contentinfo')
}

/** Once React has hydrated a page, the footer's Subscribe button waits for valid values. */
export async function hydrated(page: Page) {
	await expect(footer(page).getByRole('button', { name: 'Subscribe' })).toBeDisabled()
}

/**
 * A <title> or <meta> a component renders (an error page's title, the office's robots rule) is in
 * the document's <head>, once, and nowhere in its <body>: React moves it there, on the server and
 * again when it hydrates the page.
 */
export async function expectInHeadOnly(page: Page, selector: string) {
	await expect(page.locator(`head ${selector}`)).toHaveCount(1)
	await expect(page.locator(`body ${selector}`)).toHaveCount(0)
}
