import { describe, expect, test } from 'vitest'
import type { ResponsiveImage } from '~/contract/images'
import { canonicalUrl, pageMeta, previewImage } from './page-meta'

const site = { branch: { name: 'Sahyadri Regional Branch' }, publicUrl: 'https://portal.example.org' }
const at = (address: string) => {
	const url = new URL(address, 'http://any.host')
	return { pathname: url.pathname, search: url.search }
}
const picture: ResponsiveImage = {
	sPath: 'events/7/cover-1200.webp',
	nWidth: 1200,
	nHeight: 800,
	sAlt: 'Delegates at the seminar',
	aVariants: [{ sPath: 'events/7/cover-480.webp', nWidth: 480 }],
}

describe('canonicalUrl', () => {
	test('is the public address and the path, without any query by default', () => {
		expect(canonicalUrl('https://portal.example.org', at('/events/event-details/7?cancel=confirm&utm_source=mail'))).toBe(
			'https://portal.example.org/events/event-details/7',
		)
		expect(canonicalUrl('https://portal.example.org/', at('/'))).toBe('https://portal.example.org/')
	})

	test('keeps only the parameters that choose the content, in a fixed order', () => {
		const params = ['sSearch', 'sWhen', 'nPage']
		expect(canonicalUrl(site.publicUrl, at('/events?utm_campaign=x&nPage=2&fbclid=abc&sWhen=past&sSearch=GST%20audit'), params)).toBe(
			'https://portal.example.org/events?sSearch=GST+audit&sWhen=past&nPage=2',
		)
	})

	test('leaves out empty parameters and the first page, which is the list itself', () => {
		expect(canonicalUrl(site.publicUrl, at('/newsletters?nYear=&nPage=1&sSearch='), ['nYear', 'sSearch', 'nPage'])).toBe(
			'https://portal.example.org/newsletters',
		)
	})

	test('keeps the first of a repeated parameter', () => {
		expect(canonicalUrl(site.publicUrl, at('/gallery?nPage=3&nPage=4'), ['nPage'])).toBe('https://portal.example.org/gallery?nPage=3')
	})

	test('is made from the configured address, whatever host the request came in on', () => {
		expect(canonicalUrl('http://localhost:3000', at('/about'))).toBe('http://localhost:3000/about')
	})
})

describe('pageMeta', () => {
	const tags = (meta: ReturnType<typeof pageMeta>) =>
		Object.fromEntries(
			meta.flatMap((tag) => {
				const entry = tag as Record<string, string>
				if ('title' in entry) return [['title', entry.title]]
				if (entry.rel === 'canonical') return [['canonical', entry.href]]
				return [[entry.property ?? entry.name, entry.content]]
			}),
		)

	test('a page without a picture is a website with a small card', () => {
		const meta = tags(pageMeta(site, at('/events?utm_source=x'), { title: 'Events | Sahyadri Regional Branch', description: 'Seminars and workshops.' }))
		expect(meta).toEqual({
			title: 'Events | Sahyadri Regional Branch',
			description: 'Seminars and workshops.',
			canonical: 'https://portal.example.org/events',
			'og:site_name': 'Sahyadri Regional Branch',
			'og:title': 'Events | Sahyadri Regional Branch',
			'og:description': 'Seminars and workshops.',
			'og:url': 'https://portal.example.org/events',
			'og:type': 'website',
			'twitter:card': 'summary',
		})
	})

	test('an event with a picture is an article with an absolute picture and a large card', () => {
		const meta = tags(
			pageMeta(site, at('/events/event-details/7'), {
				title: 'Seminar on GST | Sahyadri Regional Branch',
				previewTitle: 'Seminar on GST',
				description: 'Returns and audit.',
				type: 'article',
				image: previewImage(picture, '/media/'),
			}),
		)
		expect(meta['og:title']).toBe('Seminar on GST')
		expect(meta['og:type']).toBe('article')
		expect(meta['og:image']).toBe('https://portal.example.org/media/events/7/cover-1200.webp')
		expect(meta['og:image:width']).toBe('1200')
		expect(meta['og:image:height']).toBe('800')
		expect(meta['og:image:alt']).toBe('Delegates at the seminar')
		expect(meta['twitter:card']).toBe('summary_large_image')
	})

	test('a picture on another media host keeps that host', () => {
		const meta = tags(
			pageMeta(site, at('/gallery/view-gallery/2'), { title: 'Album', description: 'x', image: previewImage(picture, 'https://cdn.example.net/media/') }),
		)
		expect(meta['og:image']).toBe('https://cdn.example.net/media/events/7/cover-1200.webp')
	})

	test('an empty description and picture description are left out', () => {
		const meta = tags(
			pageMeta(site, at('/gallery/view-gallery/2'), { title: 'Album', description: ' ', image: previewImage({ ...picture, sAlt: '' }, '/media/') }),
		)
		expect(meta).not.toHaveProperty('description')
		expect(meta).not.toHaveProperty('og:description')
		expect(meta).not.toHaveProperty('og:image:alt')
		expect(previewImage(null, '/media/')).toBeNull()
	})
})
