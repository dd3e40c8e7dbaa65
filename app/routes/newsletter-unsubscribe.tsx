// /newsletter/unsubscribe/{sToken}: the signed link at the foot of every newsletter mail.
// Opened in a browser it asks to confirm (a plain form, no JavaScript needed); a mail provider's
// one-click POST (RFC 8058, body `List-Unsubscribe=One-Click`, no cookies) unsubscribes at once.
import { data, Form, Link } from 'react-router'
import { requestInfoContext } from '~/.server/context'
import { visitorApi } from '~/.server/public-api'
import { SubmitButton } from '~/components/forms'
import { UNSUBSCRIBE_MESSAGES } from '~/contract/mailings'
import type { Route } from './+types/newsletter-unsubscribe'

const unsubscribeApi = async (clientAddress: string) => (await visitorApi(clientAddress)).unsubscribe

export async function loader({ params, context }: Route.LoaderArgs) {
	const api = await unsubscribeApi(context.get(requestInfoContext).clientAddress)
	const answer = await api.check({ body: { sToken: params.sToken } })
	return data({ genuine: answer.ok, done: null as string | null }, { status: answer.ok ? 200 : 400, headers: { 'cache-control': 'no-store' } })
}

/** The page's button and a provider's one-click POST alike: RFC 8058 asks only for a 2xx, whatever the body. */
export async function action({ params, context }: Route.ActionArgs) {
	const api = await unsubscribeApi(context.get(requestInfoContext).clientAddress)
	const answer = await api.unsubscribe({ body: { sToken: params.sToken } })
	return data({ genuine: answer.ok, done: answer.ok ? answer.message : null }, { status: answer.ok ? 200 : 400 })
}

export const meta: Route.MetaFunction = () => [{ title: 'Unsubscribe from the newsletter' }, { name: 'robots', content: 'noindex' }]

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
	const { genuine, done } = actionData ?? loaderData
	return (
		<section className="mx-auto max-w-2xl px-4 py-12">
			<h1 className="text-3xl font-semibold text-brand-900">Unsubscribe from the newsletter</h1>
			{done ? (
				<p role="status" className="mt-6 text-lg">
					{done}
				</p>
			) : genuine ? (
				<Form method="post" className="mt-6 grid gap-4">
					<p className="text-lg">Stop the branch newsletter coming to the address this link was sent to?</p>
					<div>
						<SubmitButton>Unsubscribe</SubmitButton>
					</div>
				</Form>
			) : (
				<p role="alert" className="mt-6 text-lg">
					{UNSUBSCRIBE_MESSAGES.badLink}
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
