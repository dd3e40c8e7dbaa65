// A production start on an empty database: no demo branch, no demo accounts, a tidy empty portal,
// and a log line that says how to make the first office administrator.
import { expect, test } from '@playwright/test'
import { startLivePortal } from './support/portal'

test('a production start shows an empty portal and says how to create the first office user', async () => {
	const portal = await startLivePortal({ LOG_LEVEL: 'info' })
	try {
		const page = async (path: string) => {
			const response = await fetch(`${portal.url}${path}`)
			expect(response.status, path).toBe(200)
			return response.text()
		}
		expect(await page('/events')).toContain('No events yet.')
		expect(await page('/newsletters')).toContain('No newsletters yet.')
		expect(await page('/gallery')).toContain('No albums yet.')
		expect(await page('/managing-committee')).toContain('No committees yet.')
		expect(await page('/about')).toContain('The branch office has not published this page yet.')
		const home = await page('/')
		expect(home).not.toContain('Kulkarni')
		// The demo member's published number and password do not sign anyone in.
		const login = await fetch(`${portal.url}/api/auth/member/login/v1`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ sMembershipNumber: '123456', sDob: '1985-04-12', sPassword: 'not even encrypted' }),
		})
		expect(login.status).toBe(400)
		expect(portal.output()).toContain('No office administrator yet')
		expect(portal.output()).toContain('npm run office -- add <username> \\"<Full name>\\" --role admin')
	} finally {
		await portal.stop()
	}
})
