// /newsletter/confirm/{sToken}: the signed link in the welcome mail (double opt-in). Opening it
// changes nothing (mail scanners fetch links first): the page asks, and its button posts the
// confirmation, which records when and from which client address. Posting again answers the same.
import { data } from 'react-router'
import { visitorContext } from '~/.server/caller'
import { MailLinkPage } from '~/components/mail-link-page'
import { CONFIRM_MESSAGES } from '~/contract/mailings'
import type { Route } from './+types/newsletter-confirm'

export async function loader({ params, context }: Route.LoaderArgs) {
	const api = context.get(visitorContext).api.confirmSubscription
	const answer = await api.check({ body: { sToken: params.sToken } })
	const done = answer.ok && answer.data.bConfirmed ? CONFIRM_MESSAGES.done : null
	return data({ genuine: answer.ok, done, badLink: CONFIRM_MESSAGES.badLink }, { status: answer.ok ? 200 : 400, headers: { 'cache-control': 'no-store' } })
}

export async function action({ params, context }: Route.ActionArgs) {
	const api = context.get(visitorContext).api.confirmSubscription
	const answer = await api.confirm({ body: { sToken: params.sToken } })
	return data({ genuine: answer.ok, done: answer.ok ? answer.message : null, badLink: CONFIRM_MESSAGES.badLink }, { status: answer.ok ? 200 : 400 })
}

export const meta: Route.MetaFunction = () => [{ title: 'Confirm your newsletter subscription' }, { name: 'robots', content: 'noindex' }]

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
	// The words come from the loader: the contract's module would bring zod into the page's script.
	const { genuine, done, badLink } = actionData ?? loaderData
	return (
		<MailLinkPage
			title="Confirm your newsletter subscription"
			question="Send the branch newsletter to the address this link was sent to?"
			button="Confirm subscription"
			done={done}
			genuine={genuine}
			badLink={badLink}
		/>
	)
}
