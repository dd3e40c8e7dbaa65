// The words people read for the portal's stored values: one name for each status, role, way of
// paying and kind of person, on every office and member page (and in the API's messages), so
// that "pending" in one table is not "Waiting" in the next. No zod here: pages ship it to the browser.
import type { CpeKind } from './cpe'
import type { OfflinePaymentMode, RecordedRefundMode } from './office/payments'
import type { WaitingListEntry } from './office/registrations'
import type { PaymentProvider, PaymentStatus } from './payments'
import type { RegistrationStatus } from './registrations'

/** The office roles' names live beside the roles themselves; one name, read from here too. */
export { STAFF_ROLE_NAMES } from './office/staff-roles'

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
	pending: 'Waiting for payment',
	paid: 'Paid',
	failed: 'Failed',
	refunded: 'Refunded',
}

export const REGISTRATION_STATUS_LABELS: Record<RegistrationStatus, string> = {
	pending: 'Waiting for payment',
	confirmed: 'Confirmed',
	cancelled: 'Cancelled',
}

export const WAITING_LIST_STATUS_LABELS: Record<WaitingListEntry['sStatus'], string> = {
	waiting: 'Waiting',
	offered: 'Seat offered',
	registered: 'Took the seat',
	expired: 'Offer lapsed',
	left: 'Left the list',
}

export const OFFLINE_MODE_LABELS: Record<OfflinePaymentMode, string> = { cash: 'Cash', upi: 'UPI', cheque: 'Cheque', 'bank-transfer': 'Bank transfer' }
/** How money went back: the desk's ways, and to the card of an online payment. */
export const REFUND_MODE_LABELS: Record<RecordedRefundMode, string> = { ...OFFLINE_MODE_LABELS, card: 'Card', razorpay: 'Razorpay' }
/** How a refund went back, in words: `UPI, reference 4471`, or `Cash`. */
export const refundMeans = (mode: RecordedRefundMode, reference: string | null | undefined) =>
	reference ? `${REFUND_MODE_LABELS[mode]}, reference ${reference}` : REFUND_MODE_LABELS[mode]

/** Where a payment is made: the branch office's desk, or online through whichever provider the branch uses. */
export const paymentPlaceLabel = (provider: PaymentProvider) => (provider === 'offline' ? 'At the branch office' : 'Online')

export const USER_TYPE_LABELS: Record<'M' | 'S', string> = { M: 'Member', S: 'Student' }

export const CPE_KIND_LABELS: Record<CpeKind, string> = { structured: 'Structured', unstructured: 'Unstructured' }

/** A free registration has no payment: said the same way wherever a payment's status would be. */
export const NO_PAYMENT_LABEL = 'Free'

/** "1 page", "3 pages", "0 pages"; `many` for a plural that is not the singular with an s ("people"). */
export function counted(n: number, one: string, many = `${one}s`) {
	return `${n} ${n === 1 ? one : many}`
}

/** A waiting-list place's status where the record types it loosely (a person's own data). */
export const waitingListStatusLabel = (status: string) => WAITING_LIST_STATUS_LABELS[status as WaitingListEntry['sStatus']] ?? status
