// /newsletter/unsubscribe/{sToken}: the signed link at the foot of every newsletter mail.
// Opened in a browser it asks to confirm (a plain form, no JavaScript needed); a mail provider's
// one-click POST (RFC 8058, body `List-Unsubscribe=One-Click`, no cookies) unsubscribes at once.
import { data } from 'react-router'
import { visitorContext } from '~/.server/caller'
import { MailLinkPage } from '~/components/mail-link-page'
import { UNSUBSCRIBE_MESSAGES } from '~/contract/mailings'
import type { Route } from './+types/newsletter-unsubscribe'

export async function loader({ params, context }: Route.LoaderArgs) {
	const api = context.get(visitorContext).api.unsubscribe
	const answer = await api.check({ body: { sToken: params.sToken } })
	return data(
		{ genuine: answer.ok, done: null as string | null, badLink: UNSUBSCRIBE_MESSAGES.badLink },
		{ status: answer.ok ? 200 : 400, headers: { 'cache-control': 'no-store' } },
	)
}

/** The page's button and a provider's one-click POST alike: RFC 8058 asks only for a 2xx, whatever the body. */
export async function action({ params, context }: Route.ActionArgs) {
	const api = context.get(visitorContext).api.unsubscribe
	const answer = await api.unsubscribe({ body: { sToken: params.sToken } })
	return data({ genuine: answer.ok, done: answer.ok ? answer.message : null, badLink: UNSUBSCRIBE_MESSAGES.badLink }, { status: answer.ok ? 200 : 400 })
}

export const meta: Route.MetaFunction = () => [{ title: 'Unsubscribe from the newsletter' }, { name: 'robots', content: 'noindex' }]

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
	// The words come from the loader: the contract's module would bring zod into the page's script.
	const { genuine, done, badLink } = actionData ?? loaderData
	return (
		<MailLinkPage
			title="Unsubscribe from the newsletter"
			question="Stop the branch newsletter coming to the address this link was sent to?"
			button="Unsubscribe"
			done={done}
			genuine={genuine}
			badLink={badLink}
		/>
	)
}
