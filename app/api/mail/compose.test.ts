import { expect, test } from 'vitest'
import { composeBody } from './compose'

const signature = { name: 'Test Branch', address: '1 Test Road, Pune' }

test("the greeting is the recipient's name on one line, nothing in it becomes a link; the branch's own addresses do", () => {
	const { text, html } = composeBody({
		recipientName: 'Asha\r\nhttps://evil.example/login <b>',
		text: 'Your tickets: https://portal.example.org/member/tickets',
		signature,
	})
	expect(text).toMatch(/^Dear Asha https:\/\/evil\.example\/login <b>,\n\nYour tickets: /)
	expect(html).toContain('<p>Dear Asha https://evil.example/login &lt;b&gt;,</p>')
	expect(html).not.toContain('href="https://evil.example')
	expect(html).toContain('<a href="https://portal.example.org/member/tickets">')
	// A mail to whoever signed an address up greets nobody by name.
	expect(composeBody({ text: 'Please confirm.', signature }).text).toMatch(/^Please confirm\.\n/)
})
