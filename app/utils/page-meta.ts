// The head of a public page: title, description, canonical address and the Open Graph and Twitter
// tags that link previews are made from. Route `meta` functions call pageMeta() with what is their
// own (title, description, picture); everything derived from the site and the address is made here.
import type { MetaDescriptor } from 'react-router'
import type { ResponsiveImage } from '~/contract/images'

/** The favicon's blue (the brand's 800): the browser's bar on phones, and the web manifest's theme. */
export const THEME_COLOR = '#123a6d'

/** What the root loader says about the site: its name and its configured public address (PUBLIC_URL). */
export type SiteInfo = { branch: { name: string }; publicUrl: string }

/** The query parameter of a list's page number; page 1 is the list's own address (the page links leave it out). */
const PAGE_PARAM = 'nPage'

/**
 * The one address search engines should file a page under: the public address, the path, and only
 * the query parameters that choose what the page shows, in a fixed order. Anything else in the
 * address (campaign tags, a confirmation step, a typo) leaves it out.
 */
export function canonicalUrl(publicUrl: string, location: { pathname: string; search: string }, contentParams: readonly string[] = []) {
	const url = new URL(location.pathname, publicUrl)
	const given = new URLSearchParams(location.search)
	for (const name of contentParams) {
		const value = given.get(name)
		if (!value || (name === PAGE_PARAM && value === '1')) continue
		url.searchParams.set(name, value)
	}
	return url.href
}

/** A picture for link previews: where it is (absolute once pageMeta resolves it), its size and its description. */
export type PreviewImage = { src: string; width: number; height: number; alt: string }

/** A stored picture, at full size, as a preview image; its path is under the media base address. */
export function previewImage(image: ResponsiveImage | null | undefined, mediaBaseUrl: string): PreviewImage | null {
	if (!image) return null
	return { src: `${mediaBaseUrl}${image.sPath}`, width: image.nWidth, height: image.nHeight, alt: image.sAlt }
}

export type PageMetaInput = {
	/** The document title, as the page has always had it. */
	title: string
	description: string
	/** The page's own name in previews, where the title ends with the site's name (og:site_name says that). */
	previewTitle?: string
	/** `article` for one event; everything else is the site's `website`. */
	type?: 'website' | 'article'
	image?: PreviewImage | null
	/** The query parameters that choose the page's content, kept in its canonical address. */
	contentParams?: readonly string[]
}

export function pageMeta(site: SiteInfo, location: { pathname: string; search: string }, input: PageMetaInput): MetaDescriptor[] {
	const url = canonicalUrl(site.publicUrl, location, input.contentParams)
	const image = input.image ? { ...input.image, src: new URL(input.image.src, site.publicUrl).href } : null
	// An empty description is left out: a preview then shows the page's own text instead of nothing.
	const description = input.description.trim()
	return [
		{ title: input.title },
		...(description ? [{ name: 'description', content: description }] : []),
		{ tagName: 'link', rel: 'canonical', href: url },
		{ property: 'og:site_name', content: site.branch.name },
		{ property: 'og:title', content: input.previewTitle ?? input.title },
		...(description ? [{ property: 'og:description', content: description }] : []),
		{ property: 'og:url', content: url },
		{ property: 'og:type', content: input.type ?? 'website' },
		...(image
			? [
					{ property: 'og:image', content: image.src },
					{ property: 'og:image:width', content: String(image.width) },
					{ property: 'og:image:height', content: String(image.height) },
					...(image.alt ? [{ property: 'og:image:alt', content: image.alt }] : []),
				]
			: []),
		// A wide picture makes a large card; without one a small card with the text.
		{ name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
	]
}
