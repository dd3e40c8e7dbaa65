// The pacer's order: an urgent mail takes the next slot, ahead of bulk mail already waiting.
import { expect, test } from 'vitest'
import { createPacer } from './pacer'

test('an urgent mail takes the next slot, ahead of the bulk mail waiting before it', async () => {
	const pacer = createPacer(1000)
	const order: string[] = []
	const take = (lane: 'bulk' | 'urgent', name: string) => pacer.wait(lane).then(() => order.push(name))
	await Promise.all([take('bulk', 'bulk 1'), take('bulk', 'bulk 2'), take('bulk', 'bulk 3'), take('urgent', 'urgent'), take('bulk', 'bulk 4')])
	// The first bulk mail found the pacer idle and went at once; the urgent one went next.
	expect(order).toEqual(['bulk 1', 'urgent', 'bulk 2', 'bulk 3', 'bulk 4'])
})
