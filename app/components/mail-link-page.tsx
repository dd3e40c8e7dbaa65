// The page a signed link in a newsletter mail opens (confirm, unsubscribe). Opening it changes
// nothing, since mail scanners fetch links before anyone reads the mail: it asks, and its button
// posts, a plain form that needs no JavaScript. Then it shows the outcome, or why the link is void.
import { Form, Link } from 'react-router'
import { SubmitButton } from './forms'

type Props = {
	title: string
	question: string
	button: string
	/** The outcome, once done (or when there is nothing left to do). */
	done: string | null
	genuine: boolean
	badLink: string
}

export function MailLinkPage({ title, question, button, done, genuine, badLink }: Props) {
	return (
		<section className="mx-auto max-w-2xl px-4 py-12">
			<h1 className="text-3xl font-semibold text-brand-900">{title}</h1>
			{done ? (
				<p role="status" className="mt-6 text-lg">
					{done}
				</p>
			) : genuine ? (
				<Form method="post" className="mt-6 grid gap-4">
					<p className="text-lg">{question}</p>
					<div>
						<SubmitButton>{button}</SubmitButton>
					</div>
				</Form>
			) : (
				<p role="alert" className="mt-6 text-lg">
					{badLink}
				</p>
			)}
			<p className="mt-8">
				<Link to="/" className="text-brand-700 underline">
					Go to the home page
				</Link>
			</p>
		</section>
	)
}
