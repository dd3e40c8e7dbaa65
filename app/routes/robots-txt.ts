// /robots.txt: the public site may be crawled; accounts, the office and the API may not. Names the sitemap.
import { getConfig } from '~/.server/config'

export function loader() {
	const sitemap = new URL('/sitemap.xml', getConfig().publicUrl).href
	const body = [
		'User-agent: *',
		'Disallow: /api/',
		'Disallow: /office',
		'Disallow: /member',
		'Disallow: /student',
		'Disallow: /payments/',
		'',
		`Sitemap: ${sitemap}`,
		'',
	].join('\n')
	return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=86400' } })
}
