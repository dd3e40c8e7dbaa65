// The footer's newsletter sign-up (docs/spec.md §3, §5, §8), on every page. It posts to a resource route
// (routes/newsletter-subscribe.ts) that answers a fetcher with data, or, without JavaScript,
// sends the visitor back to their page with the outcome in the session flash.
import { getFormProps, parse, useForm } from '@conform-to/react'
import { useEffect, useRef, useState, useSyncExternalStore, type FocusEvent } from 'react'
import { useFetcher, useLocation } from 'react-router'
import { MEMBERSHIP_NUMBER_MAX_LENGTH } from '~/contract/constants'
import type { NewsletterSubscription } from '~/contract/newsletters'
import type * as NewsletterChecks from './newsletter-check'
import type { NewsletterOutcome } from '~/utils/page-data'
import { Dialog } from './dialog'
import { NEWSLETTER_FORM } from './newsletter-form-names'
import { SubmitButton, TextField } from './forms'

const noSubscription = () => () => {}

/** What the schema asks of each field, as HTML attributes (the checks proper come with newsletter-check.ts). */
const CONSTRAINT = { sFullName: { required: true }, sMembershipNumber: { required: true, maxLength: MEMBERSHIP_NUMBER_MAX_LENGTH }, sEmail: { required: true } }

type Checks = typeof NewsletterChecks
/** Until the checks arrive, a post goes to the server, which checks it with the same schema. */
const uncheckedSubmission = (formData: FormData) =>
	parse<NewsletterSubscription, string[]>(formData, { resolve: (value) => ({ value: value as NewsletterSubscription }) })

const fieldClass = '[&_label]:text-slate-100 [&_ul]:text-red-200'

export function NewsletterForm({ flash }: { flash: NewsletterOutcome | null }) {
	const fetcher = useFetcher<NewsletterOutcome>()
	const location = useLocation()
	const outcome = fetcher.data ?? flash
	const [checks, setChecks] = useState<Checks | null>(null)
	const loadChecks = () => {
		if (!checks) void import('./newsletter-check').then(setChecks)
	}
	// Fields left before the checks arrived are checked as soon as they do.
	const leftEarly = useRef(new Set<string>())
	const noteLeftEarly = (event: FocusEvent<HTMLFormElement>) => {
		const name = event.target.getAttribute('name')
		if (!checks && name) leftEarly.current.add(name)
	}
	const [form, fields] = useForm<NewsletterSubscription>({
		id: NEWSLETTER_FORM.id,
		lastResult: outcome?.result,
		constraint: CONSTRAINT,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => (checks ? checks.checkSubscription(formData) : uncheckedSubmission(formData)),
		onSubmit(event, { formData }) {
			event.preventDefault()
			void fetcher.submit(formData, { method: 'post', action: `${NEWSLETTER_FORM.action}?${NEWSLETTER_FORM.scriptedParam}` })
		},
	})
	useEffect(() => {
		if (!checks) return
		for (const name of leftEarly.current) form.validate({ name })
		leftEarly.current.clear()
	}, [checks, form])
	// The button waits for valid values only once scripts run: without them the server checks.
	const hydrated = useSyncExternalStore(
		noSubscription,
		() => true,
		() => false,
	)
	const valid = checks?.isCompleteSubscription(form.value) ?? false
	// Each outcome opens its dialog once; closing it remembers which one was seen.
	const [closedOutcome, setClosedOutcome] = useState<NewsletterOutcome | null>(null)
	const dialog = outcome?.dialog && closedOutcome !== outcome ? outcome.dialog : null

	return (
		<section aria-labelledby="footer-newsletter">
			<h2 id="footer-newsletter" className="text-sm font-semibold tracking-wide text-brand-100 uppercase">
				Newsletter
			</h2>
			<p className="mt-3 text-sm text-brand-50">Our monthly newsletter: branch news, tax updates and CPE reminders.</p>
			<form
				method="post"
				action={NEWSLETTER_FORM.action}
				{...getFormProps(form)}
				onFocus={loadChecks}
				onPointerEnter={loadChecks}
				onBlur={noteLeftEarly}
				className="mt-3 space-y-3"
			>
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
