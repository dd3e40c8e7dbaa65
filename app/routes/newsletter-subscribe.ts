// The footer's newsletter form posts here from any page (docs/spec.md §5, §8). With JavaScript (a fetcher,
// `?scripted`) the outcome comes back as data; without it the visitor is sent back to the page
// they were on, with the outcome in the session flash, which the footer shows.
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import { visitorContext, type VisitorCaller } from '~/.server/caller'
import { commitSession, getSession } from '~/.server/session'
import { NEWSLETTER_FORM } from '~/components/newsletter-form-names'
import { newsletterSubscriptionSchema, SUBSCRIBED_MESSAGE } from '~/contract/newsletters'
import { unstorableTextErrors } from '~/contract/storable-text'
import type { NewsletterOutcome } from '~/utils/page-data'
import { safeReturnPath } from '~/utils/return-path'
import type { Route } from './+types/newsletter-subscribe'

/** Someone who opens the form's address goes home. */
export const loader = () => redirect('/')

export async function action({ request, context }: Route.ActionArgs) {
	const formData = await request.formData()
	const outcome = await subscribe(formData, context.get(visitorContext).api)
	if (new URL(request.url).searchParams.has(NEWSLETTER_FORM.scriptedParam)) {
		return data(outcome, { status: outcome.dialog?.tone === 'success' ? 200 : 400 })
	}
	const back = safeReturnPath(String(formData.get(NEWSLETTER_FORM.returnPathField) ?? ''), '/').split('#')[0]
	const session = await getSession(request)
	session.flash('newsletter', outcome)
	return redirect(`${back}#${NEWSLETTER_FORM.id}`, { headers: { 'set-cookie': await commitSession(session) } })
}

async function subscribe(formData: FormData, api: VisitorCaller['api']): Promise<NewsletterOutcome> {
	const submission = parseWithZod(formData, { schema: newsletterSubscriptionSchema })
	// A bot filled the hidden field: it is told what a person would be, and nothing is sent.
	if (String(formData.get(NEWSLETTER_FORM.honeypotField) ?? '') !== '') {
		return { result: submission.reply({ resetForm: true }), dialog: { tone: 'success', text: SUBSCRIBED_MESSAGE } }
	}
	// Without JavaScript the outcome travels in the session, which cannot hold such text either: the
	// API's refusal is given here, and the text is not echoed back.
	const unstorable = unstorableTextErrors(submission.payload)
	if (unstorable) return { result: submission.reply({ fieldErrors: unstorable, hideFields: Object.keys(unstorable) }), dialog: null }
	if (submission.status !== 'success') return { result: submission.reply(), dialog: null }
	const answer = await api.newsletters.subscribe({ body: submission.value })
	if (answer.ok) return { result: submission.reply({ resetForm: true }), dialog: { tone: 'success', text: answer.message } }
	if (answer.errors) return { result: submission.reply({ fieldErrors: answer.errors }), dialog: null }
	return { result: submission.reply(), dialog: { tone: 'error', text: answer.message } }
}
