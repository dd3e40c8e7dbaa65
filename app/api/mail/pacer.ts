// Paces outgoing bulk mail so that a mail provider's sending limits are respected: at most
// `perSecond` mails a second from this process, evenly spread.
import { setTimeout as sleep } from 'node:timers/promises'

export type Pacer = { wait: () => Promise<void> }

export function createPacer(perSecond: number): Pacer {
	const gapMs = 1000 / perSecond
	let nextSlot = 0
	return {
		async wait() {
			const now = Date.now()
			const slot = Math.max(now, nextSlot)
			nextSlot = slot + gapMs
			if (slot > now) await sleep(slot - now)
		},
	}
}
