import { expect, test } from 'vitest'
import { blocksFromText, textFromBlocks } from './page-text'

test('marks become blocks and back, unchanged', () => {
	const text =
		'## Forms\n\nDownload the forms below.\nThey are PDFs.\n\n- Membership\n- Students\n\n[The institute](https://example.org/x)\n\n[[file: Annual report | pages/0b1c6f7e-9c1a-4a56-8f9e-1a2b3c4d5e6f.pdf]]'
	const { blocks, errors } = blocksFromText(text)
	expect(errors).toEqual([])
	expect(blocks.map((block) => block.sType)).toEqual(['heading', 'paragraph', 'list', 'link', 'file'])
	expect(blocks[1]).toEqual({ sType: 'paragraph', sText: 'Download the forms below. They are PDFs.' })
	expect(blocksFromText(textFromBlocks(blocks)).blocks).toEqual(blocks)
})

test('a link that could run script, or a file that was not attached here, is refused with its block', () => {
	expect(blocksFromText('Intro\n\n[Click](javascript:alert(1))').errors).toEqual(['Block 2: a link must start with https://, http://, mailto: or /'])
	expect(blocksFromText('[Mail](//evil.test/x)').errors).toHaveLength(1)
	// Browsers read a backslash in a path as a slash: /\evil.test is //evil.test, another site.
	for (const path of ['/\\evil.test', '/\\/evil.test', '/events\\..\\..\\\\evil.test']) expect(blocksFromText(`[Events](${path})`).errors, path).toHaveLength(1)
	expect(blocksFromText('[Events](/events?nMonth=5)').blocks).toEqual([{ sType: 'link', sText: 'Events', sUrl: '/events?nMonth=5' }])
	expect(blocksFromText('[[file: Secret | ../../etc/passwd]]').errors).toEqual(['Block 1: that file is not one attached to this page; attach it again'])
	expect(blocksFromText('[Contact](mailto:office@branch.example)').blocks).toEqual([{ sType: 'link', sText: 'Contact', sUrl: 'mailto:office@branch.example' }])
})
