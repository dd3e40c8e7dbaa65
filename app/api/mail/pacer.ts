// Paces outgoing queued mail so that a mail provider's sending limits are respected: at most
// `perSecond` mails a second from this process, evenly spread, whichever lane they are in. The
// urgent lane is served first: however many bulk mails wait, an urgent one takes the next slot.
import type { MailLane } from './lanes'

export type Pacer = { wait: (lane: MailLane) => Promise<void> }

export function createPacer(perSecond: number): Pacer {
	const gapMs = 1000 / perSecond
	const waiting: Record<MailLane, (() => void)[]> = { urgent: [], bulk: [] }
	let nextSlot = 0
	let timer: NodeJS.Timeout | undefined
	const serve = () => {
		timer = undefined
		const now = Date.now()
		if (nextSlot > now) {
			timer = setTimeout(serve, nextSlot - now)
			return
		}
		const next = waiting.urgent.shift() ?? waiting.bulk.shift()
		if (!next) return
		nextSlot = now + gapMs
		next()
		if (waiting.urgent.length + waiting.bulk.length > 0) timer = setTimeout(serve, gapMs)
	}
	return {
		wait: (lane) =>
			new Promise((resolve) => {
				waiting[lane].push(resolve)
				if (!timer) serve()
			}),
	}
}
