// The pacer's order: an urgent mail takes the next slot, ahead of bulk mail already waiting. On a
// fake clock, so the order does not depend on how fast the machine queues the five mails.
import { afterEach, expect, test, vi } from 'vitest'
import { createPacer } from './pacer'

afterEach(() => {
	vi.useRealTimers()
})

test('an urgent mail takes the next slot, ahead of the bulk mail waiting before it', async () => {
	vi.useFakeTimers()
	const pacer = createPacer(5)
	const order: string[] = []
	const take = (lane: 'bulk' | 'urgent', name: string) => pacer.wait(lane).then(() => order.push(name))
	const all = Promise.all([take('bulk', 'bulk 1'), take('bulk', 'bulk 2'), take('bulk', 'bulk 3'), take('urgent', 'urgent'), take('bulk', 'bulk 4')])
	await vi.runAllTimersAsync()
	await all
	// The first bulk mail found the pacer idle and went at once; the urgent one went next.
	expect(order).toEqual(['bulk 1', 'urgent', 'bulk 2', 'bulk 3', 'bulk 4'])
})

test('mails go no faster than the rate: one slot every 1/perSecond seconds', async () => {
	vi.useFakeTimers()
	const pacer = createPacer(5)
	const sentAt: number[] = []
	const start = Date.now()
	const sends = Array.from({ length: 4 }, () => pacer.wait('bulk').then(() => sentAt.push(Date.now() - start)))
	await vi.runAllTimersAsync()
	await Promise.all(sends)
	expect(sentAt).toEqual([0, 200, 400, 600])
})
