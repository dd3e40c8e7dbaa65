// The footer's newsletter sign-up (spec §3, §5, §8), on every page. It posts to a resource route
// (routes/newsletter-subscribe.ts) that answers a fetcher with data, or, without JavaScript,
// sends the visitor back to their page with the outcome in the session flash.
import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useState, useSyncExternalStore } from 'react'
import { useFetcher, useLocation } from 'react-router'
import { MEMBERSHIP_NUMBER_MAX_LENGTH } from '~/contract/constants'
import { newsletterSubscriptionSchema } from '~/contract/newsletters'
import type { NewsletterOutcome } from '~/utils/page-data'
import { Dialog } from './dialog'
import { SubmitButton, TextField } from './forms'

export const NEWSLETTER_FORM = {
	id: 'newsletter',
	action: '/newsletter/subscribe',
	/** Added to the action by the fetcher: answer with data instead of a redirect. */
	scriptedParam: 'scripted',
	returnPathField: 'sReturnPath',
	/** Hidden from people; a bot that fills it is silently ignored. */
	honeypotField: 'sWebsite',
} as const

const noSubscription = () => () => {}

const fieldClass = '[&_label]:text-slate-100 [&_ul]:text-red-200'

export function NewsletterForm({ flash }: { flash: NewsletterOutcome | null }) {
	const fetcher = useFetcher<NewsletterOutcome>()
	const location = useLocation()
	const outcome = fetcher.data ?? flash
	const [form, fields] = useForm({
		id: NEWSLETTER_FORM.id,
		lastResult: outcome?.result,
		constraint: getZodConstraint(newsletterSubscriptionSchema),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: newsletterSubscriptionSchema }),
		onSubmit(event, { formData }) {
			event.preventDefault()
			void fetcher.submit(formData, { method: 'post', action: `${NEWSLETTER_FORM.action}?${NEWSLETTER_FORM.scriptedParam}` })
		},
	})
	// The button waits for valid values only once scripts run: without them the server checks.
	const hydrated = useSyncExternalStore(noSubscription, () => true, () => false)
	const valid = newsletterSubscriptionSchema.safeParse(form.value ?? {}).success
	// Each outcome opens its dialog once; closing it remembers which one was seen.
	const [closedOutcome, setClosedOutcome] = useState<NewsletterOutcome | null>(null)
	const dialog = outcome?.dialog && closedOutcome !== outcome ? outcome.dialog : null

	return (
		<section aria-labelledby="footer-newsletter">
			<h2 id="footer-newsletter" className="text-sm font-semibold tracking-wide text-brand-100 uppercase">
				Newsletter
			</h2>
			<p className="mt-3 text-sm text-brand-50">Our monthly newsletter: branch news, tax updates and CPE reminders.</p>
			<form method="post" action={NEWSLETTER_FORM.action} {...getFormProps(form)} className="mt-3 space-y-3">
				<input type="hidden" name={NEWSLETTER_FORM.returnPathField} value={`${location.pathname}${location.search}`} />
				<TextField meta={fields.sFullName} label="Name" autoComplete="name" className={fieldClass} />
				<TextField
					meta={fields.sMembershipNumber}
					label="Membership number"
					maxLength={MEMBERSHIP_NUMBER_MAX_LENGTH}
					autoComplete="off"
					className={fieldClass}
				/>
				<TextField meta={fields.sEmail} label="Email" type="email" autoComplete="email" className={fieldClass} />
				<div className="sr-only">
					<label htmlFor="newsletter-website">Leave this field empty</label>
					<input id="newsletter-website" name={NEWSLETTER_FORM.honeypotField} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
				</div>
				<SubmitButton tone="secondary" disabled={(hydrated && !valid) || fetcher.state !== 'idle'} className="w-full">
					{fetcher.state === 'idle' ? 'Subscribe' : 'Subscribing…'}
				</SubmitButton>
			</form>
			{dialog ? (
				<Dialog open title={dialog.tone === 'success' ? 'Success' : 'Error'} tone={dialog.tone} onClose={() => setClosedOutcome(outcome)}>
					<p>{dialog.text}</p>
				</Dialog>
			) : null}
		</section>
	)
}
