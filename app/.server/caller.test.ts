// The callers pages reach the API through (app/.server/caller.ts), on the real runtime: the
// 401 rule ends a sign-in wherever a call is made, and the visitor's caller asks with no token.
import { RouterContextProvider } from 'react-router'
import { beforeAll, expect, test } from 'vitest'
import { accountContext, setAccount, setVisitor, visitorContext } from './caller'
import { requestInfoContext } from './context'
import { getRuntime } from './runtime'
import { commitSession, getSession } from './session'

beforeAll(async () => {
	await getRuntime()
})

/** A request whose session holds a member token the API never issued. */
async function withRevokedToken() {
	const session = await getSession(new Request('http://localhost/'))
	session.set('memberToken', 'revoked-token')
	const cookie = (await commitSession(session)).split(';')[0]!
	const request = new Request('http://localhost/member/cpe', { headers: { cookie } })
	const context = new RouterContextProvider()
	context.set(requestInfoContext, { nonce: 'n', saveData: false, island: false, clientAddress: '192.0.2.20' })
	return { request, context }
}

const thrown = (promise: Promise<unknown>) =>
	promise.then(
		() => null,
		(error: unknown) => error as Response,
	)

test("the area's caller turns the API's 401 into the rule's redirect home, both tokens gone", async () => {
	const { request, context } = await withRevokedToken()
	await setAccount(request, context, 'member')
	const { api, session } = context.get(accountContext)
	const answer = await thrown(api.accounts.memberDetails({}))
	expect(answer?.status).toBe(302)
	expect(answer?.headers.get('location')).toBe('/')
	expect(session.get('memberToken')).toBeUndefined()
})

test("the visitor's caller asks as a visitor, even for someone signed in; `as` applies the 401 rule", async () => {
	const { request, context } = await withRevokedToken()
	await setVisitor(request, context)
	const visitor = context.get(visitorContext)
	expect((await visitor.api.site.mediaUrl({})).ok).toBe(true)
	expect((await visitor.signedIn())?.role).toBe('member')
	// No student token in this session: the rule's redirect home.
	const student = await thrown(visitor.as('student'))
	expect(student?.headers.get('location')).toBe('/')
})
