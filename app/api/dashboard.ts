// What the member dashboard's calls need from configuration: billing identity for tax
// invoices, the payment provider and its callback secret, and the CPE requirements.
import type { Context } from 'hono'
import type { PaymentProvider } from '~/contract/payments'
import type { ApiEnv } from './app'
import { ApiError } from './http'

export type Billing = {
	gstin: string
	/** Two-letter code of the branch's state, as in the reference data ('MH'). */
	stateCode: string
	sacCode: string
	/** 1800 for 18 %: whole numbers, so the arithmetic stays in integers. */
	gstRateBasisPoints: number
	invoicePrefix: string
}
export type PaymentSettings = { provider: PaymentProvider; callbackSecret: string }
export type CpeRequirements = {
	yearHours: number
	yearStructuredHours: number
	blockHours: number
	blockStructuredHours: number
	/** Blocks are three calendar years counted from this one (2026: 2026–2028, 2029–2031, and 2023–2025 before). */
	firstBlockYear: number
}
export type BranchIdentity = { name: string; institute: string; address: string; phone: string; email: string }
export type DashboardDeps = { billing: Billing; payments: PaymentSettings; cpe: CpeRequirements; branch: BranchIdentity }

/** Left out by tests of other areas; the dashboard's calls then answer 503. */
export function dashboardDeps(c: Context<ApiEnv>) {
	const deps = c.get('deps').dashboard
	if (!deps) throw new ApiError(503, 'The member dashboard is not available on this server.')
	return deps
}
