import { Link } from 'react-router'
import type { PersonMessage } from '~/contract/committees'
import { ResponsiveImg } from './responsive-image'

/** Home page: the opening of the chairman's message with a link to the rest; left out when there is none. */
export function HomeChairmanMessage({ message, mediaBaseUrl }: { message: PersonMessage | null; mediaBaseUrl: string }) {
	if (!message) return null
	return (
		<section aria-labelledby="home-message-title" className="mx-auto max-w-3xl px-4 py-12">
			<h2 id="home-message-title" className="text-2xl font-semibold text-brand-900 sm:text-3xl">
				{message.sMessageTitle}
			</h2>
			<div className="mt-6 flex items-center gap-4">
				{message.oPhoto ? (
					<ResponsiveImg image={message.oPhoto} mediaBaseUrl={mediaBaseUrl} sizes="80px" className="size-20 shrink-0 rounded-full bg-slate-100" />
				) : null}
				<p>
					<span className="block font-semibold text-slate-900">{message.sFullName}</span>
					<span className="block text-slate-700">{message.sRole}</span>
				</p>
			</div>
			<div className="mt-4 space-y-3 text-lg leading-relaxed text-slate-800">
				{message.aParagraphs.slice(0, 2).map((paragraph) => (
					<p key={paragraph}>{paragraph}</p>
				))}
			</div>
			<p className="mt-4">
				<Link to={`/message-content/${message.iPersonId}`} className="font-medium text-brand-700 underline underline-offset-4">
					Read the full message<span className="sr-only"> from {message.sFullName}</span>
				</Link>
			</p>
		</section>
	)
}
