import type { NextFunction, Request, Response } from 'express'
import { expect, test } from 'vitest'
import { onePerTurn } from './one-per-turn'

/** One turn of the event loop: resolves in the check phase after the gate's own immediate. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

test('requests that arrive together start one per turn of the event loop, in arrival order', async () => {
	const gate = onePerTurn()
	const started: number[] = []
	for (const id of [1, 2, 3]) gate({} as Request, {} as Response, (() => started.push(id)) as NextFunction)
	expect(started).toEqual([])
	await nextTurn()
	expect(started).toEqual([1])
	await nextTurn()
	expect(started).toEqual([1, 2])
	await nextTurn()
	expect(started).toEqual([1, 2, 3])
	// A request that comes once the line is empty starts in the next turn.
	gate({} as Request, {} as Response, (() => started.push(4)) as NextFunction)
	await nextTurn()
	expect(started).toEqual([1, 2, 3, 4])
})
