// The event page's registration panel: fee with GST, seats and closing time, and the visitor's own
// registration with what they can do next. Every button is a plain post or link, so it all works
// without JavaScript; the cancel confirmation is a step of its own (?cancel=confirm) that a script
// shows as a modal dialog.
import { Form, Link, useNavigate } from 'react-router'
import { formatRupees, type GstBreakdown } from '~/contract/payments'
import { receiptDownloadPath } from '~/contract/registration-pages'
import type { ClosedReason, PaymentSummary, RegistrationIntent, WaitingListPlace } from '~/contract/registrations'
import { PAYMENT_PAGES, REGISTRATION_MESSAGES } from '~/contract/registration-pages'
import { formatMoment } from '~/utils/event-format'
import { ticketPdfPath, type RegistrationPanel } from '~/utils/page-data'
import { Dialog } from './dialog'
import { QrCode } from './qr-code'
import { buttonClass, SubmitButton, useIsSubmitting } from './forms'

const linkClass = 'font-medium text-brand-700 underline underline-offset-4'
const percent = (basisPoints: number) => `${basisPoints / 100}%`

/** `own`: the signed-in person's fee, priced by who they are and today's date. */
function FeeTable({ fee, rate, own }: { fee: GstBreakdown; rate: number; own: boolean }) {
	const rows: [string, number][] = [[own ? 'Your fee' : 'Fee', fee.taxablePaise]]
	if (fee.igstPaise) rows.push([`IGST ${percent(rate)}`, fee.igstPaise])
	else rows.push([`CGST ${percent(rate / 2)}`, fee.cgstPaise], [`SGST ${percent(rate / 2)}`, fee.sgstPaise])
	return (
		<table className="mt-3 w-full max-w-sm text-left">
			<caption className="sr-only">Fee with GST</caption>
			<tbody>
				{rows.map(([label, paise]) => (
					<tr key={label} className="border-b border-slate-200">
						<th scope="row" className="py-1 font-normal text-slate-700">
							{label}
						</th>
						<td className="py-1 text-right tabular-nums">{formatRupees(paise)}</td>
					</tr>
				))}
				<tr>
					<th scope="row" className="py-1 font-semibold">
						Total
					</th>
					<td className="py-1 text-right font-semibold tabular-nums">{formatRupees(fee.totalPaise)}</td>
				</tr>
			</tbody>
		</table>
	)
}

const CLOSED_TEXT: Record<ClosedReason, string> = {
	past: REGISTRATION_MESSAGES.past,
	cancelled: REGISTRATION_MESSAGES.cancelledEvent,
	started: REGISTRATION_MESSAGES.started,
	closed: REGISTRATION_MESSAGES.closed,
	full: REGISTRATION_MESSAGES.full,
}

function IntentButton({ intent, children, tone }: { intent: RegistrationIntent; children: React.ReactNode; tone?: 'primary' | 'secondary' }) {
	// With JavaScript, one press at a time: a second "Register" would only be told it is registered already.
	const busy = useIsSubmitting()
	return (
		<Form method="post" className="inline">
			<SubmitButton name="intent" value={intent} tone={tone} disabled={busy}>
				{children}
			</SubmitButton>
		</Form>
	)
}

function PaymentState({ payment, canRetry }: { payment: PaymentSummary; canRetry: boolean }) {
	if (payment.sStatus === 'paid') {
		return (
			<p className="mt-2">
				Paid {formatRupees(payment.oAmount.totalPaise)}
				{payment.dPaidAt ? ` on ${formatMoment(payment.dPaidAt)}` : ''}
				{payment.sInvoiceNumber ? `, invoice ${payment.sInvoiceNumber}` : ''}.{' '}
				<a href={receiptDownloadPath(payment.iPaymentId)} className={linkClass}>
					Download the receipt
				</a>
			</p>
		)
	}
	if (payment.sStatus === 'failed') {
		return (
			<div className="mt-2">
				<p>Your payment of {formatRupees(payment.oAmount.totalPaise)} did not go through.</p>
				{canRetry ? (
					<div className="mt-3">
						<IntentButton intent="retry">Try the payment again</IntentButton>
					</div>
				) : null}
			</div>
		)
	}
	if (payment.sStatus !== 'pending') return null
	return (
		<div className="mt-2">
			<p>Payment pending: {formatRupees(payment.oAmount.totalPaise)}.</p>
			{payment.sInstructions ? <p className="mt-2">{payment.sInstructions}</p> : null}
			{payment.sCheckoutPath ? (
				<p className="mt-3">
					<Link to={payment.sCheckoutPath} className={buttonClass()}>
						Pay now
					</Link>
				</p>
			) : null}
		</div>
	)
}

/** A full event: the person's place in line, or a way to join it. */
function WaitingList({ place, signedIn, loginPath }: { place: WaitingListPlace | null; signedIn: boolean; loginPath: string }) {
	return (
		<div>
			<p className="font-semibold text-slate-800">{REGISTRATION_MESSAGES.full}</p>
			{place?.sStatus === 'waiting' ? (
				<>
					<p className="mt-2">You are number {place.nPosition} on the waiting list. If a seat frees, we will e-mail you and hold it for you for a while.</p>
					<div className="mt-3">
						<IntentButton intent="leave-waiting-list" tone="secondary">
							Leave the waiting list
						</IntentButton>
					</div>
				</>
			) : signedIn ? (
				<div className="mt-3">
					<IntentButton intent="join-waiting-list">Join the waiting list</IntentButton>
				</div>
			) : (
				<p className="mt-3">
					<Link to={loginPath} className={buttonClass()}>
						Sign in to join the waiting list
					</Link>
				</p>
			)}
		</div>
	)
}

function CancelConfirmation({ eventPath }: { eventPath: string }) {
	const navigate = useNavigate()
	return (
		<Dialog
			open
			title="Cancel your registration?"
			onClose={() => navigate(`${eventPath}#registration`, { replace: true, preventScrollReset: true })}
			actions={
				<>
					<Link to={`${eventPath}#registration`} replace preventScrollReset className={buttonClass('secondary')}>
						No, keep it
					</Link>
					<IntentButton intent="cancel">Yes, cancel</IntentButton>
				</>
			}
		>
			<p>Your seat will be given up. You can register again while registration is open.</p>
		</Dialog>
	)
}

/** The ticket to show at the door: its QR code, the code under it, and the PDF to print. */
function TicketBlock({ ticket, withPdf }: { ticket: NonNullable<RegistrationPanel['oTicket']>; withPdf: boolean }) {
	return (
		<div className="mt-3 flex flex-wrap items-end gap-4">
			<QrCode drawing={ticket.oQr} text={ticket.sTicketCode} label={`Your ticket's QR code, ${ticket.sTicketCode}`} />
			<p className="max-w-xs text-slate-700">
				Show this code at the door. {/* The PDF is on the member dashboard; students have none. */}
				{withPdf ? (
					<a href={ticketPdfPath(ticket.iRegistrationId)} className={linkClass} download>
						Download the ticket (PDF)
					</a>
				) : null}
			</p>
		</div>
	)
}

export function EventRegistration({ panel, confirmCancel }: { panel: RegistrationPanel; confirmCancel: boolean }) {
	const { oAvailability: availability, oFee: fee, oRegistration: registration, role } = panel
	const eventPath = PAYMENT_PAGES.event(availability.iEventId)
	const live = registration && registration.sStatus !== 'cancelled' ? registration : null
	const closed = availability.sClosedReason
	return (
		<section id="registration" aria-labelledby="registration-title" className="mt-10 rounded-lg border border-slate-200 p-4 sm:p-6">
			<h2 id="registration-title" className="text-2xl font-semibold text-brand-900">
				Registration
			</h2>
			{fee ? (
				<FeeTable fee={fee} rate={availability.nGstRateBasisPoints} own={Boolean(role)} />
			) : (
				<p className="mt-2">Free of charge; please register so that we can plan the seating.</p>
			)}
			<ul className="mt-3 space-y-1 text-slate-800">
				{availability.nSeatsLeft !== null && !closed ? (
					<li>
						{availability.nSeatsLeft} of {availability.nSeatLimit} seats left
					</li>
				) : null}
				{closed ? null : <li>Registration closes {formatMoment(availability.dRegistrationClosesAt)}</li>}
				{live?.bCanCancel ? <li>You can cancel until {formatMoment(availability.dCancellationCutoffAt)}</li> : null}
			</ul>
			<div className="mt-4" aria-live="polite">
				{live ? (
					<>
						{live.sStatus === 'confirmed' ? (
							<>
								<p className="font-semibold text-green-800">You are registered.</p>
								{panel.oTicket ? <TicketBlock ticket={panel.oTicket} withPdf={role === 'member'} /> : null}
							</>
						) : (
							<p className="font-semibold text-amber-900">{REGISTRATION_MESSAGES.paymentStarted}</p>
						)}
						{live.oPayment ? <PaymentState payment={live.oPayment} canRetry={live.bCanRetry} /> : null}
						{live.bCanCancel ? (
							<p className="mt-4">
								<Link to={`${eventPath}?cancel=confirm#registration`} preventScrollReset className={buttonClass('secondary')}>
									Cancel registration
								</Link>
							</p>
						) : live.oPayment?.sStatus === 'paid' && !closed ? (
							<p className="mt-4 text-slate-700">{REGISTRATION_MESSAGES.paidCancel}</p>
						) : null}
					</>
				) : (
					<>
						{registration?.sStatus === 'cancelled' ? (
							<p>
								{registration.oPayment?.sStatus === 'refunded'
									? `Your registration was cancelled and its fee of ${formatRupees(registration.oPayment.oAmount.totalPaise)} refunded.`
									: 'Your earlier registration was cancelled.'}
							</p>
						) : null}
						{closed === 'full' ? (
							<WaitingList place={panel.oWaitingList ?? null} signedIn={Boolean(role)} loginPath={panel.sLoginPath} />
						) : closed ? (
							<p className="font-semibold text-slate-800">{CLOSED_TEXT[closed]}</p>
						) : role ? (
							<div className="mt-2">
								{panel.oWaitingList?.sStatus === 'offered' && panel.oWaitingList.dOfferExpiresAt ? (
									<p className="mb-3 font-semibold text-green-800">
										A seat is held for you until {formatMoment(panel.oWaitingList.dOfferExpiresAt)}. Register before then to take it.
									</p>
								) : null}
								<IntentButton intent="register">
									{!fee
										? 'Register'
										: panel.bPaysAtDesk
											? `Register, pay ${formatRupees(fee.totalPaise)} at the branch office`
											: `Register and pay ${formatRupees(fee.totalPaise)}`}
								</IntentButton>
								{fee && panel.bPaysAtDesk ? <p className="mt-2 text-slate-700">{REGISTRATION_MESSAGES.payAtDesk}</p> : null}
							</div>
						) : (
							<p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
								<Link to={panel.sLoginPath} className={buttonClass()}>
									Register
								</Link>
								<span>
									Sign in first.{' '}
									<Link to={panel.sStudentLoginPath} className={linkClass}>
										Students sign in here
									</Link>
								</span>
							</p>
						)}
					</>
				)}
			</div>
			{live?.bCanCancel && confirmCancel ? <CancelConfirmation eventPath={eventPath} /> : null}
		</section>
	)
}
