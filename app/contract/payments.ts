// Payments and tax invoices (issue 5), shared by the portal and the branch API.

/** `sandbox`: the portal's own checkout page, for demonstration and tests; `offline`: paid at the branch office. */
export const PAYMENT_PROVIDERS = ['sandbox', 'offline'] as const
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number]

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** GST on one amount of paise: CGST and SGST within the branch's state, IGST across states. */
export type GstBreakdown = { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number }

/** ₹1,180.00 for 118000 paise, grouped the Indian way (₹1,18,000.00 for a lakh and more). */
export function formatRupees(paise: number) {
	const sign = paise < 0 ? '-' : ''
	const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(Math.abs(paise) / 100)
	return `${sign}${rupees}`
}
