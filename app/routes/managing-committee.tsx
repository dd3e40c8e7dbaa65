// /managing-committee (docs/spec.md §2): the branch's committees and their people; a person with a
// message links to it.
import { Link } from 'react-router'
import { visitorContext } from '~/.server/caller'
import { pageData } from '~/.server/replies'
import { ResponsiveImg } from '~/components/responsive-image'
import type { CommitteePerson } from '~/contract/committees'
import { formatTerm } from '~/utils/event-format'
import { pageMeta } from '~/utils/page-meta'
import type { Route } from './+types/managing-committee'

export async function loader({ context }: Route.LoaderArgs) {
	const { api } = context.get(visitorContext)
	const [committees, mediaBaseUrl] = await Promise.all([api.committees.list({}).then(pageData), api.site.mediaUrl({}).then(pageData)])
	return { committees, mediaBaseUrl }
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
	pageMeta(matches[0].loaderData, location, {
		title: `Committees | ${matches[0].loaderData.branch.name}`,
		description: 'The managing committee and the other committees of the branch, with their terms and messages.',
	})

function PersonCard({ person, mediaBaseUrl, priority }: { person: CommitteePerson; mediaBaseUrl: string; priority: boolean }) {
	return (
		<article className="flex h-full gap-4 rounded-lg border border-slate-200 bg-white p-4">
			{person.oPhoto ? (
				<ResponsiveImg
					image={person.oPhoto}
					mediaBaseUrl={mediaBaseUrl}
					sizes="96px"
					priority={priority}
					className="size-24 shrink-0 rounded-full bg-slate-100"
				/>
			) : null}
			<div>
				<h3 className="text-lg font-semibold text-slate-900">{person.sFullName}</h3>
				<p className="font-medium text-brand-700">{person.sRole}</p>
				<p className="text-sm text-slate-700">Term: {formatTerm(person.dTermStart, person.dTermEnd)}</p>
				{person.bHasMessage ? (
					<p className="mt-2">
						<Link to={`/message-content/${person.iPersonId}`} className="font-medium text-brand-700 underline underline-offset-4">
							Read the message<span className="sr-only"> from {person.sFullName}</span>
						</Link>
					</p>
				) : null}
			</div>
		</article>
	)
}

export default function ManagingCommittee({ loaderData: { committees, mediaBaseUrl } }: Route.ComponentProps) {
	return (
		<div className="mx-auto max-w-6xl px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900 sm:text-4xl">Committees</h1>
			{committees.length === 0 ? (
				<p className="mt-6 text-lg text-slate-600">No committees yet. The branch office will list its committees and their members here.</p>
			) : null}
			{committees.map((committee, index) => (
				<section key={committee.iCommitteeId} aria-labelledby={`committee-${committee.iCommitteeId}`} className="mt-10">
					<h2 id={`committee-${committee.iCommitteeId}`} className="text-2xl font-semibold text-brand-900">
						{committee.sTitle}
					</h2>
					{committee.sDescription ? <p className="mt-2 max-w-3xl text-slate-700">{committee.sDescription}</p> : null}
					<ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
						{committee.aPeople.map((person) => (
							<li key={person.iPersonId}>
								<PersonCard person={person} mediaBaseUrl={mediaBaseUrl} priority={index === 0} />
							</li>
						))}
					</ul>
				</section>
			))}
		</div>
	)
}
