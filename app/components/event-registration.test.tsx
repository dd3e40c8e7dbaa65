// The registration panel in the states end-to-end tests cannot reach on the shared demo database:
// a full event, closed registration, an IGST buyer, a cancelled and refunded registration.
import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import type { ClosedReason, RegistrationSummary } from '~/contract/registrations'
import { REGISTRATION_MESSAGES } from '~/contract/registration-pages'
import type { RegistrationPanel } from '~/utils/page-data'
import { EventRegistration } from './event-registration'

const FEE = { taxablePaise: 100_000, cgstPaise: 9_000, sgstPaise: 9_000, igstPaise: 0, totalPaise: 118_000, gstRateBasisPoints: 1800 }

function panel(
	fields: { closed?: ClosedReason | null; role?: 'member' | null; registration?: RegistrationSummary | null; fee?: typeof FEE | null } = {},
): RegistrationPanel {
	return {
		role: fields.role === undefined ? 'member' : fields.role,
		sLoginPath: '/member/login?redirectTo=%2Fevents%2Fevent-details%2F7',
		sStudentLoginPath: '/student/login?redirectTo=%2Fevents%2Fevent-details%2F7',
		bPaysAtDesk: false,
		oFee: fields.fee === undefined ? FEE : fields.fee,
		oRegistration: fields.registration ?? null,
		oAvailability: {
			iEventId: 7,
			nSeatLimit: 50,
			nSeatsLeft: fields.closed === 'full' ? 0 : 12,
			sClosedReason: fields.closed ?? null,
			dRegistrationClosesAt: '2026-12-16T04:30:00Z',
			dCancellationCutoffAt: '2026-12-14T04:30:00Z',
			nFeePaise: 100_000,
			oFee: FEE,
			nGstRateBasisPoints: 1800,
		},
	}
}

const render = (value: RegistrationPanel, confirmCancel = false) => {
	const Stub = createRoutesStub([{ path: '/', Component: () => <EventRegistration panel={value} confirmCancel={confirmCancel} /> }])
	return renderToStaticMarkup(<Stub />)
}

test('an open paid event offers registration with the fee, its CGST and SGST, seats and closing time', () => {
	const html = render(panel())
	expect(html).toMatch(/<button type="submit" value="register"[^>]*name="intent"/)
	expect(html).toContain('Register and pay ₹1,180.00')
	expect(html).toMatch(/CGST 9%<\/th><td[^>]*>₹90.00/)
	expect(html).toContain('12 of 50 seats left')
	expect(html).toContain('Registration closes Wed, 16 Dec 2026, 10:00 am IST')
})

test('where only the branch office takes fees, the button and a line say the fee is paid at its desk', () => {
	const html = render({ ...panel(), bPaysAtDesk: true })
	expect(html).toContain('Register, pay ₹1,180.00 at the branch office')
	expect(html).not.toContain('Register and pay')
	expect(html).toContain(REGISTRATION_MESSAGES.payAtDesk)
})

test('a buyer from another state sees IGST', () => {
	const html = render(panel({ fee: { ...FEE, cgstPaise: 0, sgstPaise: 0, igstPaise: 18_000 } }))
	expect(html).toMatch(/IGST 18%<\/th><td[^>]*>₹180.00/)
	expect(html).not.toContain('CGST')
})

test.each(['full', 'closed', 'started', 'past'] as const)('a %s event says so instead of offering the form', (closed) => {
	for (const role of ['member', null] as const) {
		const html = render(panel({ closed, role }))
		expect(html).toContain(REGISTRATION_MESSAGES[closed])
		expect(html).not.toContain('value="register"')
		expect(html).not.toContain('>Register<')
		expect(html).not.toContain('Registration closes')
	}
})

test('a signed-out visitor gets links to sign in, back to the event', () => {
	const html = render(panel({ role: null }))
	expect(html).toContain('href="/member/login?redirectTo=%2Fevents%2Fevent-details%2F7"')
	expect(html).toContain('href="/student/login?redirectTo=%2Fevents%2Fevent-details%2F7"')
	expect(html).not.toContain('<form')
})

test('a refunded registration says so; the confirmation step shows only when it can be cancelled', () => {
	const refunded: RegistrationSummary = {
		iRegistrationId: 1,
		sStatus: 'cancelled',
		dCreatedAt: '2026-11-01T00:00:00Z',
		dCancelledAt: '2026-11-02T00:00:00Z',
		bCanCancel: false,
		bCanRetry: false,
		oPayment: {
			iPaymentId: 4,
			sProvider: 'offline',
			sStatus: 'refunded',
			sReference: 'SRB-7K4Q-2M9X',
			oAmount: FEE,
			sInvoiceNumber: 'SRB/26-27/00004',
			dPaidAt: '2026-11-01T00:00:00Z',
			sCheckoutPath: null,
			sInstructions: null,
		},
	}
	const html = render(panel({ registration: refunded }), true)
	expect(html).toContain('Your registration was cancelled and its fee of ₹1,180.00 refunded.')
	expect(html).not.toContain('<dialog')
	const confirmed = render(panel({ registration: { ...refunded, sStatus: 'confirmed', bCanCancel: true, oPayment: null } }), true)
	expect(confirmed).toContain('<dialog open=""')
	expect(confirmed).toContain('value="cancel"')
})
