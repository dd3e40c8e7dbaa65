// An event's fees (decision 0051): the fee (members', and everyone's when nothing else is set), a
// students' fee, and early-bird fees for registrations made on or before an India calendar day.
// One function prices a registration; the API charges it, the pages show it.
import type { UserType } from './constants'

export type EventFees = {
	nFeePaise: number
	nStudentFeePaise?: number | null
	nEarlyBirdFeePaise?: number | null
	nEarlyBirdStudentFeePaise?: number | null
	/** The last India calendar day (`2026-03-14`) of the early-bird fees. */
	dEarlyBirdUntil?: string | null
}

export type Audience = 'member' | 'student'
export const audienceOf = (userType: UserType): Audience => (userType === 'S' ? 'student' : 'member')

/** The India calendar day of an instant, whatever the server's time zone. */
export const indiaDayOf = (moment: Date | string) => new Date(new Date(moment).getTime() + 330 * 60_000).toISOString().slice(0, 10)

/** The audience's fee and early-bird fee; with no students' fee of its own, students pay as members do. */
export function audienceFees(fees: EventFees, audience: Audience) {
	const ownStudentFee = fees.nStudentFeePaise ?? null
	if (audience === 'member' || ownStudentFee === null) return { fee: fees.nFeePaise, earlyBird: fees.nEarlyBirdFeePaise ?? null }
	return { fee: ownStudentFee, earlyBird: fees.nEarlyBirdStudentFeePaise ?? null }
}

/** Whether the event charges anything but its one fee, so a payment says which fee it is. */
export const hasSeveralFees = (fees: EventFees) => fees.nStudentFeePaise != null || fees.nEarlyBirdFeePaise != null || fees.nEarlyBirdStudentFeePaise != null

export type AppliedFee = { nFeePaise: number; bEarlyBird: boolean; sLabel: string | null }

/** The fee a registration by `audience` made at `moment` pays: early bird through the last day, India time. */
export function feeFor(fees: EventFees, audience: Audience, moment: Date): AppliedFee {
	const { fee, earlyBird } = audienceFees(fees, audience)
	const early = earlyBird !== null && !!fees.dEarlyBirdUntil && indiaDayOf(moment) <= fees.dEarlyBirdUntil
	const nFeePaise = early ? earlyBird : fee
	const sLabel = hasSeveralFees(fees) ? `${audience === 'student' ? 'Student' : 'Member'} fee${early ? ', early bird' : ''}` : null
	return { nFeePaise, bEarlyBird: early, sLabel }
}
