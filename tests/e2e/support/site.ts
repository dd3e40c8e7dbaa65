// Shared facts and small helpers for the page tests (seeded text comes from app/api/db/demo-pages.ts).
import type { BrowserContext, Page } from '@playwright/test'

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
