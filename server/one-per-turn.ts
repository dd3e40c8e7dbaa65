// Page requests start one per turn of the event loop (decision 0055). A burst of posts that are all
// answered at once (100 sign-ins, 95 of them refused because the sign-in line is full) would
// otherwise render back to back, each render continuing in microtasks that Node runs before it
// reads another socket: a stylesheet or a kept page asked for meanwhile waited for all of them.
// One start per turn lets Node answer what else arrived between two renders.
import type { NextFunction, Request, Response } from 'express'

export function onePerTurn() {
	const waiting: NextFunction[] = []
	let releasing = false
	const release = () => {
		waiting.shift()?.()
		// Scheduled from within this turn's immediates, the next runs in the next turn, after Node has polled its sockets.
		if (waiting.length > 0) setImmediate(release)
		else releasing = false
	}
	return (_req: Request, _res: Response, next: NextFunction) => {
		waiting.push(next)
		if (releasing) return
		releasing = true
		setImmediate(release)
	}
}
