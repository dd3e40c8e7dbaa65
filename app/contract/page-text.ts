// The office writes page text as plain text with a few marks, and it is stored as blocks (no HTML):
//   ## A heading
//   - an item           (every line of the block starts with "- ": a list)
//   [Link text](https://…)      a link on its own (https://, http://, mailto: or /…)
//   [[file: Label | pages/….pdf]]  an attached PDF (the upload adds this line)
// Anything else is a paragraph; blocks are separated by blank lines.
import { LINK_URL_PATTERN, PAGE_FILE_PATTERN, type PageBlock } from './api'

const LINK = /^\[([^\]]+)\]\((\S+)\)$/
const FILE = /^\[\[file:\s*([^|\]]+?)\s*\|\s*(\S+?)\s*\]\]$/

export type PageTextResult = { blocks: PageBlock[]; errors: string[] }

export function blocksFromText(text: string): PageTextResult {
	const blocks: PageBlock[] = []
	const errors: string[] = []
	const parts = text
		.replace(/\r\n?/g, '\n')
		.split(/\n\s*\n/)
		.map((part) => part.trim())
		.filter(Boolean)
	parts.forEach((part, index) => {
		const lines = part.split('\n').map((line) => line.trim())
		const link = lines.length === 1 ? LINK.exec(lines[0]!) : null
		const file = lines.length === 1 ? FILE.exec(lines[0]!) : null
		if (lines.length === 1 && lines[0]!.startsWith('## ')) blocks.push({ sType: 'heading', sText: lines[0]!.slice(3).trim() })
		else if (lines.every((line) => line.startsWith('- '))) blocks.push({ sType: 'list', aItems: lines.map((line) => line.slice(2).trim()).filter(Boolean) })
		else if (link) {
			if (LINK_URL_PATTERN.test(link[2]!)) blocks.push({ sType: 'link', sText: link[1]!.trim(), sUrl: link[2]! })
			else errors.push(`Block ${index + 1}: a link must start with https://, http://, mailto: or /`)
		} else if (file) {
			if (PAGE_FILE_PATTERN.test(file[2]!)) blocks.push({ sType: 'file', sText: file[1]!, sPath: file[2]! })
			else errors.push(`Block ${index + 1}: that file is not one attached to this page; attach it again`)
		} else blocks.push({ sType: 'paragraph', sText: lines.join(' ') })
	})
	return { blocks, errors }
}

export function textFromBlocks(blocks: PageBlock[]) {
	return blocks
		.map((block) => {
			switch (block.sType) {
				case 'heading':
					return `## ${block.sText}`
				case 'list':
					return block.aItems.map((item) => `- ${item}`).join('\n')
				case 'link':
					return `[${block.sText}](${block.sUrl})`
				case 'file':
					return `[[file: ${block.sText} | ${block.sPath}]]`
				case 'paragraph':
					return block.sText
			}
		})
		.join('\n\n')
}
