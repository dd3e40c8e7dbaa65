// Every mail the portal sends has a plain-text part and the same text as HTML, and ends with the
// branch's name and address. Mail to subscribers also carries its unsubscribe link (RFC 8058).
import { asOneLine } from '~/contract/one-line'

export type MailSignature = { name: string; address: string }

/** An address on the portal, for links in mail. */
export const mailLink = (deps: { publicUrl: string }, path: string) => new URL(path, deps.publicUrl).href

const LINK = /(https?:\/\/[^\s<>"]+)/g

function escapeHtml(text: string) {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** Paragraphs (blank-line separated) become <p>, single line breaks <br>, and the branch's addresses links. */
function paragraphsToHtml(text: string) {
	return text
		.trim()
		.split(/\n{2,}/)
		.map((paragraph) => {
			const lines = paragraph.split('\n').map((line) => escapeHtml(line).replace(LINK, (url) => `<a href="${url}">${url}</a>`))
			return `<p>${lines.join('<br>')}</p>`
		})
		.join('\n')
}

/**
 * The mail's text, as plain text and as HTML. The greeting names the recipient as they typed their
 * name: it is kept apart from the text, so that it stays one line and nothing in it becomes a link.
 */
export function composeBody({
	recipientName,
	text,
	signature,
	unsubscribeUrl,
}: {
	recipientName?: string
	text: string
	signature: MailSignature
	unsubscribeUrl?: string
}) {
	const greeting = recipientName === undefined ? null : `Dear ${asOneLine(recipientName)},`
	const footer = [signature.name, signature.address, ...(unsubscribeUrl ? ['', `To stop these e-mails, unsubscribe: ${unsubscribeUrl}`] : [])].join('\n')
	const fullText = `${greeting ? `${greeting}\n\n` : ''}${text.trimEnd()}\n\n-- \n${footer}\n`
	const html =
		'<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>' +
		'<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1e293b;max-width:40rem">' +
		(greeting ? `<p>${escapeHtml(greeting)}</p>\n` : '') +
		paragraphsToHtml(text) +
		`<hr><footer style="font-size:0.875rem;color:#475569">${paragraphsToHtml(footer)}</footer></body></html>`
	return { text: fullText, html }
}

/** RFC 2369 and RFC 8058 headers: mail providers offer a one-click "Unsubscribe" that POSTs to the link. */
export function unsubscribeHeaders(unsubscribeUrl: string) {
	return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
}
