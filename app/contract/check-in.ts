// What the door's screen says for each outcome of a check-in, the same online (from the API) and
// offline (worked out in the browser). No zod: the check-in page ships this.

export const CHECK_IN_OUTCOMES = ['checked-in', 'already', 'not-registered', 'cancelled', 'unpaid', 'other-event', 'invalid'] as const
export type CheckInOutcome = (typeof CHECK_IN_OUTCOMES)[number]

/** `attendedAt`: the time of day of an earlier check-in, as the branch reads it (`10:02`). */
type Person = { name: string | null; number: string | null; attendedAt: string | null }

export function checkInText(outcome: CheckInOutcome, { name, number, attendedAt }: Person) {
	const who = name ? `${name}${number ? `, ${number}` : ''}` : ''
	switch (outcome) {
		case 'checked-in':
			return `Checked in: ${who}`
		case 'already':
			return `Already checked in at ${attendedAt ?? 'an earlier scan'}${who ? `: ${who}` : ''}`
		case 'not-registered':
			return 'Not registered for this event'
		case 'cancelled':
			return `Cancelled${who ? `: ${who}` : ''}`
		case 'unpaid':
			return `Not paid yet${who ? `: ${who}` : ''}`
		case 'other-event':
			return 'This ticket is for another event'
		case 'invalid':
			return 'Not a valid ticket'
	}
}

/** Green for a person let in now; red for everything else. */
export const isWelcome = (outcome: CheckInOutcome) => outcome === 'checked-in'
