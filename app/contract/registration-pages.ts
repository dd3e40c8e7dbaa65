// The portal's pages of event registration and payment, and what the flow says: free of zod, so the
// components that show them do not carry it (app/contract/registrations.ts holds the schemas).

/** The portal's pages of the flow. */
export const PAYMENT_PAGES = {
	sandboxCheckout: (sReference: string) => `/payments/sandbox/checkout/${sReference}`,
	razorpayCheckout: (sReference: string) => `/payments/razorpay/checkout/${sReference}`,
	/** Where Razorpay posts the outcome back (callback_url): the browser arrives from Razorpay's page. */
	razorpayCallback: (sReference: string) => `/payments/razorpay/callback/${sReference}`,
	event: (iEventId: number) => `/events/event-details/${iEventId}`,
} as const

/** The portal's address of a payment's receipt (docs/spec.md §2: /events/download/receipt, protected). */
export const receiptDownloadPath = (iPaymentId: number) => `/events/download/receipt?${new URLSearchParams({ iPaymentId: String(iPaymentId) })}`
/** The same page gives the credit note of a refunded one. */
export const creditNoteDownloadPath = (iPaymentId: number) =>
	`/events/download/receipt?${new URLSearchParams({ iPaymentId: String(iPaymentId), sDocument: 'credit-note' })}`

export const REGISTRATION_MESSAGES = {
	registered: 'You are registered for this event.',
	paymentStarted: 'Your seat is held until the payment completes.',
	offlinePending: 'Please pay the fee at the branch office; the office confirms your registration when it receives it.',
	payAtDesk: 'Nothing is paid online: you pay the fee at the branch office’s desk, and the office then confirms your registration.',
	cancelled: 'Your registration is cancelled.',
	notFound: 'No such event.',
	notPublished: 'This event is not open for registration.',
	past: 'This event has already taken place.',
	started: 'This event has already started.',
	closed: 'Registration for this event has closed.',
	full: 'Sorry, this event is full.',
	alreadyRegistered: 'You are already registered for this event.',
	notRegistered: 'You have no registration for this event.',
	cancelCutoffPassed: 'The time to cancel this registration has passed.',
	paidCancel: 'This registration is paid. To cancel it and have the fee refunded, please contact the branch office.',
	nothingToRetry: 'There is no failed payment to try again for this registration.',
	paymentNotFound: 'No such payment.',
	badSignature: 'The callback signature is not valid.',
	staleCallback: 'The callback is too old or from the future.',
	amountMismatch: 'The amount does not match the payment.',
	currencyMismatch: 'The payment was not made in Indian rupees.',
	confirming: 'We are confirming your payment with Razorpay. Your seat stays held and there is no need to pay again: this page says when it is confirmed.',
	sandboxRetired: 'This payment was begun in the trial’s sandbox, which takes no money, and cannot be paid now. Please pay again from the event’s page.',
	paid: 'Payment received. Your registration is confirmed.',
	failed: 'The payment did not go through. Your seat is still held: you can try again.',
	alreadyPaid: 'This payment is already paid.',
	badGatewaySignature: 'The payment signature is not valid. Nothing was changed.',
	gatewayFailed: 'The payment did not go through. You can try again while your seat is held.',
	holdLapsed: 'The time to pay ran out and the seat was released.',
	refundRequested: 'Razorpay is refunding the payment; the credit note is issued when it confirms the refund.',
	refundUnderWay: 'A refund of this payment is already under way with Razorpay.',
	notPending: 'This payment is no longer waiting to be paid.',
	notOffline: 'Only payments to be made at the branch office are confirmed by the office.',
	notPaid: 'Only a paid payment can be refunded.',
	cancelledEvent: 'This event is cancelled. The branch office will contact everyone who registered.',
	alreadyRefunded: 'This payment has already been refunded.',
	refunded: 'The payment is refunded and the registration cancelled.',
	joinedWaitingList: 'You are on the waiting list. If a seat frees, we will e-mail you.',
	leftWaitingList: 'You have left the waiting list.',
	notFullForWaitingList: 'This event still has seats: register instead.',
	alreadyWaiting: 'You are already on the waiting list for this event.',
	notWaiting: 'You are not on the waiting list for this event.',
} as const
