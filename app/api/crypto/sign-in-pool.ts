// The CPU-heavy part of signing in (decision 0039): RSA-4096 decryption of password fields and
// scrypt run in worker threads (sign-in-worker.mjs), never on the thread that answers every
// request, and never on libuv's small pool that files and compression share. A storm of sign-ins
// then costs pages and static files a share of the cores, not a place in line.
import type { KeyObject, ScryptOptions } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'

/** Refused for now: the line of sign-ins is full (or the server is stopping). The API answers 503 with Retry-After. */
export class SignInBusyError extends Error {
	override name = 'SignInBusyError'
}
export const SIGN_IN_BUSY = { message: 'Too many people are signing in; try again in a minute', retryAfterSeconds: 60 }
const STOPPING_MESSAGE = 'The portal is restarting; try again in a minute'

export type SignInPoolOptions = {
	threads: number
	/** New sign-ins that may wait for a thread; one more is refused at once. */
	queueLimit: number
	/** A new sign-in still waiting after this long is refused too. */
	deadlineMs: number
}

type Task = { kind: 'decrypt'; key: KeyObject; texts: string[] } | { kind: 'derive'; password: string; salt: Buffer; keyLength: number; options: ScryptOptions }
type Job = { task: Task; resolve: (value: unknown) => void; reject: (error: Error) => void; timer?: NodeJS.Timeout }

// Beside this module in the source tree; the build copies it beside the server build (vite-server-files.ts).
const WORKER_FILE = new URL('./sign-in-worker.mjs', import.meta.url)

/**
 * Every sign-in, registration, reset and change begins by decrypting a password: that is where a
 * new one is let in or refused. A hash comes after one was let in (or from an administrator or the
 * command line) and goes ahead of new work, so what was let in finishes first and the wait stays bounded.
 */
export function createSignInPool({ threads, queueLimit, deadlineMs }: SignInPoolOptions) {
	const idle: Worker[] = []
	const running = new Map<Worker, Job>()
	const fresh: Job[] = []
	const followUps: Job[] = []
	let stopping = false

	function settle(worker: Worker, answer: { value?: unknown; error?: string }) {
		const job = running.get(worker)
		running.delete(worker)
		if (answer.error === undefined) job?.resolve(answer.value)
		else job?.reject(new Error(answer.error))
		// An idle thread does not keep the process alive (a command-line run ends when its work does).
		worker.unref()
		idle.push(worker)
		dispatch()
	}

	function spawn() {
		const worker = new Worker(WORKER_FILE)
		worker.on('message', (answer) => settle(worker, answer))
		worker.on('error', (error) => running.get(worker)?.reject(error))
		worker.on('exit', () => {
			running.get(worker)?.reject(new Error('A sign-in thread stopped'))
			running.delete(worker)
			const at = idle.indexOf(worker)
			if (at !== -1) idle.splice(at, 1)
			dispatch()
		})
		return worker
	}

	function dispatch() {
		while (!stopping && followUps.length + fresh.length > 0) {
			const worker = idle.pop() ?? (running.size < threads ? spawn() : undefined)
			if (!worker) return
			const job = (followUps.shift() ?? fresh.shift())!
			clearTimeout(job.timer)
			running.set(worker, job)
			worker.ref()
			worker.postMessage(job.task)
		}
	}

	/** A new sign-in would be refused now: every thread busy and the line full. */
	const full = () => running.size >= threads && fresh.length >= queueLimit

	function run(task: Task, lane: 'new' | 'follow-up') {
		return new Promise<unknown>((resolve, reject) => {
			if (stopping) return reject(new SignInBusyError(STOPPING_MESSAGE))
			const job: Job = { task, resolve, reject }
			if (lane === 'follow-up') followUps.push(job)
			else if (full()) return reject(new SignInBusyError(SIGN_IN_BUSY.message))
			else {
				job.timer = setTimeout(() => {
					fresh.splice(fresh.indexOf(job), 1)
					reject(new SignInBusyError(SIGN_IN_BUSY.message))
				}, deadlineMs)
				fresh.push(job)
			}
			dispatch()
		})
	}

	return {
		/** Refuses a new sign-in at once when it would be refused anyway, before it costs anything (its rate limits' writes). */
		refuseWhenFull() {
			if (stopping) throw new SignInBusyError(STOPPING_MESSAGE)
			if (full()) throw new SignInBusyError(SIGN_IN_BUSY.message)
		},
		/** Each RSA-OAEP ciphertext (base64) in clear, or null when it is not one of `key`'s. New work: it may be refused. */
		decrypt: (key: KeyObject, texts: string[]) => run({ kind: 'decrypt', key, texts }, 'new') as Promise<(string | null)[]>,
		/** scrypt; never refused, and ahead of new work. */
		async derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions) {
			const key = (await run({ kind: 'derive', password, salt, keyLength, options }, 'follow-up')) as Uint8Array
			return Buffer.from(key.buffer, key.byteOffset, key.byteLength)
		},
		/** Refuses what waits and anything new, and stops the threads. */
		async close() {
			stopping = true
			for (const job of [...followUps.splice(0), ...fresh.splice(0)]) {
				clearTimeout(job.timer)
				job.reject(new SignInBusyError(STOPPING_MESSAGE))
			}
			await Promise.all([...idle, ...running.keys()].map((worker) => worker.terminate()))
		},
	}
}

export type SignInPool = ReturnType<typeof createSignInPool>

/**
 * All cores but one (at least one thread), so the pages keep a core to themselves. Eight sign-ins
 * wait per thread: each takes 0.3 to 0.6 s, so the last in line starts within a few seconds. On a
 * machine so busy that a hash takes seconds, one that still waits after 8 s gives up, so that with
 * its hash it is answered within 15 s.
 */
export const SIGN_IN_POOL_DEFAULTS: SignInPoolOptions = (() => {
	const threads = Math.max(1, availableParallelism() - 1)
	return { threads, queueLimit: 8 * threads, deadlineMs: 8_000 }
})()

let shared: SignInPool | undefined
/** The process's pool, started on first use: the cores are the process's, so every API in it shares one. */
export function sharedSignInPool() {
	shared ??= createSignInPool(SIGN_IN_POOL_DEFAULTS)
	return shared
}
