// The branch's settings the API needs from configuration: its billing identity for tax invoices
// (GSTIN, state, SAC code, rate), the payment provider and its callback secret, the CPE
// requirements and the branch's particulars. A portal fronting an external API does not use them.
import type { PaymentProvider } from '~/contract/payments'

export type Billing = {
	gstin: string
	/** Two-letter code of the branch's state, as in the reference data ('MH'). */
	stateCode: string
	sacCode: string
	/** 1800 for 18 %: whole numbers, so the arithmetic stays in integers. */
	gstRateBasisPoints: number
	invoicePrefix: string
}
/**
 * Razorpay's keys; `apiUrl` is https://api.razorpay.com but for the test gateway. `reconcileMinutes`:
 * how long an unpaid order waits before the minute's check asks Razorpay about it (15).
 */
export type RazorpaySettings = { keyId: string; keySecret: string; webhookSecret: string; apiUrl: string; checkoutScriptUrl: string; reconcileMinutes?: number }
/** `holdMinutes`: how long a seat waits for an online payment before it goes to the waiting list. */
export type PaymentSettings = { provider: PaymentProvider; callbackSecret: string; holdMinutes?: number; razorpay?: RazorpaySettings }
export type CpeRequirements = {
	yearHours: number
	yearStructuredHours: number
	blockHours: number
	blockStructuredHours: number
	/** Blocks are three calendar years counted from this one (2026: 2026–2028, 2029–2031, and 2023–2025 before). */
	firstBlockYear: number
}
export type BranchIdentity = { name: string; institute: string; address: string; phone: string; email: string; grievance?: { officer: string; email: string } }
/**
 * What issued documents need: the secret tickets are signed with (derived from SESSION_SECRET; each
 * event's key is made from it, decision 0053) and the portal's address their QR codes point to.
 */
export type DocumentSettings = { ticketSecret: string; publicUrl: string }
export type BranchSettings = { billing: Billing; payments: PaymentSettings; cpe: CpeRequirements; documents: DocumentSettings; branch: BranchIdentity }
