import { data, Link } from 'react-router'
import { getConfig } from '~/.server/config'
import { visitorContext } from '~/.server/caller'
import { pageData } from '~/.server/replies'
import { GalleryHighlights } from '~/components/gallery-highlights'
import { HomeChairmanMessage } from '~/components/home-chairman-message'
import { HomeUpcomingEvents } from '~/components/home-upcoming-events'
import { LatestNewsletters } from '~/components/latest-newsletters'
import { PageBlocks } from '~/components/page-blocks'
import { WelcomePopup } from '~/components/welcome-popup'
import { STORAGE_KEYS } from '~/contract/constants'
import { mergeHeaders } from '~/utils/headers'
import { pageMeta } from '~/utils/page-meta'
import type { Route } from './+types/home'

const POPUP_COOKIE = STORAGE_KEYS.popupShown
/** How many upcoming events, newsletter issues and albums the home page shows. */
const HOME_SECTION_SIZE = 3

export async function loader({ request, context }: Route.LoaderArgs) {
	const { api } = context.get(visitorContext)
	const [page, popup, upcoming, messages, newsletters, albums, mediaBaseUrl] = await Promise.all([
		api.site.page({ sSlug: 'home' }).then(pageData),
		api.popup.current({}).then(pageData),
		api.events.upcoming({ query: { nLimit: HOME_SECTION_SIZE } }).then(pageData),
		api.committees.messages({}).then(pageData),
		api.newsletters.list({ query: { oPaging: { nPageSize: HOME_SECTION_SIZE } } }).then(pageData),
		api.gallery.albums({ query: { oPaging: { nPageSize: HOME_SECTION_SIZE } } }).then(pageData),
		api.site.mediaUrl({}).then(pageData),
	])
	const sections = { upcoming, message: messages[0] ?? null, newsletters: newsletters.aItems, albums: albums.aItems, mediaBaseUrl }
	// Once per browser session (docs/spec.md §4): a cookie without an expiry ends with the session, and
	// works without JavaScript; the popup mirrors it into session storage when scripts run. A popup
	// the office switched off (or outside its days) shows no markup and leaves the flag unset.
	const seen = (request.headers.get('cookie') ?? '').split(/;\s*/).includes(`${POPUP_COOKIE}=true`)
	if (seen || !popup) return { page, sections, popup: null }
	const secure = getConfig().https ? '; Secure' : ''
	return data({ page, sections, popup }, { headers: { 'set-cookie': `${POPUP_COOKIE}=true; Path=/; SameSite=Lax; HttpOnly${secure}` } })
}

export const headers = mergeHeaders

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
	pageMeta(matches[0].loaderData, location, {
		title: matches[0].loaderData.branch.name,
		description:
			loaderData.page.sSummary ||
			`${matches[0].loaderData.branch.name} of the ${matches[0].loaderData.branch.institute}: events, CPE, newsletters and the branch's committees.`,
	})

export default function Home({ loaderData: { page, sections, popup }, matches }: Route.ComponentProps) {
	const { branch } = matches[0].loaderData
	return (
		<>
			{popup ? <WelcomePopup popup={popup} mediaBaseUrl={sections.mediaBaseUrl} /> : null}
			<section aria-labelledby="hero-title" className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-600 text-white">
				<div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
					<p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">{branch.institute}</p>
					<h1 id="hero-title" className="mt-3 max-w-3xl text-4xl font-bold sm:text-5xl">
						{page.aBlocks.length > 0 || page.sSummary ? page.sTitle : `Welcome to the ${branch.name}`}
					</h1>
					<p className="mt-4 max-w-2xl text-xl text-brand-50">{page.sSummary}</p>
					<div className="mt-8 flex flex-wrap gap-3">
						<Link
							to="/events"
							className="rounded bg-white px-5 py-3 font-semibold text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
						>
							See upcoming events
						</Link>
						<Link
							to="/register"
							className="rounded border border-white px-5 py-3 font-semibold text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
						>
							Create your account
						</Link>
					</div>
				</div>
			</section>
			{page.aBlocks.length > 0 ? (
				<section aria-label="Welcome" className="mx-auto max-w-3xl px-4 py-12">
					<PageBlocks blocks={page.aBlocks} mediaBaseUrl={sections.mediaBaseUrl} />
				</section>
			) : null}
			<HomeUpcomingEvents events={sections.upcoming.aItems} total={sections.upcoming.nTotal} mediaBaseUrl={sections.mediaBaseUrl} />
			<HomeChairmanMessage message={sections.message} mediaBaseUrl={sections.mediaBaseUrl} />
			<LatestNewsletters issues={sections.newsletters} mediaBaseUrl={sections.mediaBaseUrl} />
			<GalleryHighlights albums={sections.albums} mediaBaseUrl={sections.mediaBaseUrl} />
		</>
	)
}
