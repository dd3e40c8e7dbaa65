import { expect, test } from 'vitest'
import { shortName, webManifest } from './site-webmanifest'

test('names the configured branch, with its first word for home screens', () => {
	const manifest = webManifest({ name: 'Sahyadri Regional Branch', institute: 'Institute of Professional Accountants of India' })
	expect(manifest).toMatchObject({
		name: 'Sahyadri Regional Branch',
		short_name: 'Sahyadri',
		start_url: '/',
		display: 'minimal-ui',
		theme_color: '#123a6d',
		background_color: '#ffffff',
	})
	expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512', 'any'])
})

test('a short name skips a leading "The" and keeps a one-word name whole', () => {
	expect(shortName('The Konkan Branch')).toBe('Konkan')
	expect(shortName('Nashik')).toBe('Nashik')
	expect(shortName('  Western   India Council ')).toBe('Western')
})
