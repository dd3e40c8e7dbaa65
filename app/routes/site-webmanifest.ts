// /site.webmanifest: how the portal looks when added to a phone's home screen. Made from the
// configuration, so a live branch shows its own name and never the demo branch's.
import { getConfig } from '~/.server/config'
import { THEME_COLOR } from '~/utils/page-meta'

/** The pages' own white, behind the portal while it starts from the home screen. */
const BACKGROUND_COLOR = '#ffffff'

/** A home screen shows about twelve characters under an icon: the name's first word ("Sahyadri"). */
export function shortName(name: string) {
	const words = name.split(/\s+/).filter((word) => word && word.toLowerCase() !== 'the')
	return words[0] ?? name
}

export function webManifest(branch: { name: string; institute: string }) {
	return {
		id: '/',
		name: branch.name,
		short_name: shortName(branch.name),
		description: `${branch.name} of the ${branch.institute}`,
		lang: 'en',
		start_url: '/',
		scope: '/',
		// A browser frame with back and reload: receipts and PDFs open from the portal.
		display: 'minimal-ui',
		theme_color: THEME_COLOR,
		background_color: BACKGROUND_COLOR,
		icons: [
			{ src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
			{ src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
			{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
		],
	}
}

export function loader() {
	const body = JSON.stringify(webManifest(getConfig().branch))
	return new Response(body, { headers: { 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': 'public, max-age=86400' } })
}
