// /message-content/{personId} (docs/spec.md §2): one person's message (the chairman's and the like).
import { data, Link } from 'react-router'
import { visitorContext } from '~/.server/caller'
import { pageData } from '~/.server/replies'
import { ResponsiveImg } from '~/components/responsive-image'
import { recordIdSchema } from '~/contract/api'
import { pageMeta } from '~/utils/page-meta'
import type { Route } from './+types/message-content'

export async function loader({ params, context }: Route.LoaderArgs) {
	const { api } = context.get(visitorContext)
	const personId = recordIdSchema.safeParse(params.personId)
	if (!personId.success) throw data(null, { status: 404 })
	const [message, mediaBaseUrl] = await Promise.all([api.committees.message({ iPersonId: personId.data }).then(pageData), api.site.mediaUrl({}).then(pageData)])
	return { message, mediaBaseUrl }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
	const branch = matches[0].loaderData.branch.name
	if (!loaderData) return [{ title: `Message not found | ${branch}` }]
	const { message } = loaderData
	return pageMeta(matches[0].loaderData, location, {
		title: `${message.sMessageTitle} | ${branch}`,
		previewTitle: message.sMessageTitle,
		description: `${message.sMessageTitle}, ${message.sFullName}`,
	})
}

export default function MessageContent({ loaderData: { message, mediaBaseUrl } }: Route.ComponentProps) {
	return (
		<article className="mx-auto max-w-3xl px-4 py-10">
			<p>
				<Link to="/managing-committee" className="font-medium text-brand-700 underline underline-offset-4">
					Committees
				</Link>
			</p>
			<h1 className="mt-6 text-3xl font-semibold text-brand-900 sm:text-4xl">{message.sMessageTitle}</h1>
			<div className="mt-6 flex items-center gap-4">
				{message.oPhoto ? (
					<ResponsiveImg image={message.oPhoto} mediaBaseUrl={mediaBaseUrl} sizes="96px" priority className="size-24 shrink-0 rounded-full bg-slate-100" />
				) : null}
				<p>
					<span className="block text-lg font-semibold text-slate-900">{message.sFullName}</span>
					<span className="block text-slate-700">
						{message.sRole}, {message.sCommitteeTitle}
					</span>
				</p>
			</div>
			<div className="mt-8 space-y-4 text-lg leading-relaxed text-slate-800">
				{message.aParagraphs.map((paragraph) => (
					<p key={paragraph}>{paragraph}</p>
				))}
				<p className="font-semibold">{message.sFullName}</p>
			</div>
		</article>
	)
}
