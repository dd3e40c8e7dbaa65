import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isPrivateRequest, storeNowhere } from './private-answers'

const request = (headers: Record<string, string>, url = '/') => ({ url, headers }) as unknown as IncomingMessage

describe('private answers', () => {
	test('the office, a session (member, student or office, plain or __Host-) and a token make a request private', () => {
		for (const url of ['/office', '/office/login', '/office.data', '/office/events/3?x=1']) expect(isPrivateRequest(request({}, url)), url).toBe(true)
		for (const cookie of ['session=abc', 'alert=x; __Host-session=abc', 'office-session=abc', '__Host-office-session=abc'])
			expect(isPrivateRequest(request({ cookie })), cookie).toBe(true)
		expect(isPrivateRequest(request({ authorization: 'token' }, '/api/member/details/v1'))).toBe(true)
		for (const [url, cookie] of [
			['/', 'alert=x'],
			['/officers', ''],
			['/events', 'popupShown=true; my-session=1'],
		])
			expect(isPrivateRequest(request({ cookie: cookie! }, url)), `${url} ${cookie}`).toBe(false)
	})

	describe('on a real server', () => {
		let server: http.Server
		let base: string
		beforeAll(async () => {
			// Headers set the ways the portal's layers set them: Express's append, Node's setHeader, in any order.
			server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
				if (req.url !== '/public') storeNowhere(res)
				res.setHeader('Cache-Control', 'private, no-store')
				res.appendHeader('Cache-Control', 'private, no-cache')
				res.end('page')
			})
			await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
			base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
		})
		afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

		test('one Cache-Control, no-store, however many the layers set', async () => {
			const raw = (path: string) =>
				new Promise<string[]>((resolve, reject) => http.get(`${base}${path}`, (res) => (res.resume(), resolve(res.rawHeaders))).on('error', reject))
			const cacheControl = (headers: string[]) => headers.filter((_, i) => i % 2 === 1 && headers[i - 1]!.toLowerCase() === 'cache-control')
			expect(cacheControl(await raw('/private'))).toEqual(['no-store'])
			// Without it, the layers' two headers go out: the test can fail.
			expect(cacheControl(await raw('/public'))).toEqual(['private, no-store', 'private, no-cache'])
		})
	})
})
