// One module serves the static information pages (docs/spec.md §2): /overview, /resources, /services,
// /policies and /about, and the statements /accessibility and /privacy. Their text lives in the
// database; the statements have default text until the office writes its own.
import { visitorContext } from '~/.server/caller'
import { pageData } from '~/.server/replies'
import { PageBlocks } from '~/components/page-blocks'
import { pageSlugSchema } from '~/contract/api'
import { pageMeta } from '~/utils/page-meta'
import type { Route } from './+types/info-page'

export async function loader({ url, context }: Route.LoaderArgs) {
	const { api } = context.get(visitorContext)
	const slug = pageSlugSchema.parse(url.pathname.slice(1))
	const [page, mediaBaseUrl] = await Promise.all([api.site.page({ sSlug: slug }).then(pageData), api.site.mediaUrl({}).then(pageData)])
	return { page, mediaBaseUrl }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
	const branch = matches[0].loaderData.branch.name
	return pageMeta(matches[0].loaderData, location, {
		title: `${loaderData.page.sTitle} | ${branch}`,
		previewTitle: loaderData.page.sTitle,
		description: loaderData.page.sSummary,
	})
}

export default function InfoPage({ loaderData: { page, mediaBaseUrl } }: Route.ComponentProps) {
	return (
		<article className="mx-auto max-w-3xl px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900 sm:text-4xl">{page.sTitle}</h1>
			{page.sSummary ? <p className="mt-3 text-xl text-slate-600">{page.sSummary}</p> : null}
			<div className="mt-8">
				{page.aBlocks.length > 0 ? (
					<PageBlocks blocks={page.aBlocks} mediaBaseUrl={mediaBaseUrl} />
				) : (
					<p className="text-lg text-slate-600">The branch office has not published this page yet.</p>
				)}
			</div>
		</article>
	)
}
