// The footer's newsletter form, as NewsletterForm does once hydrated: the same schema checks it in
// the browser (newsletter-check.ts, loaded when a visitor first moves into the form), errors show
// beside a field once it has been left and follow the typing after, the button waits for valid
// values, and a valid form is sent with fetch and answered by a Success or Error dialog.
import { ERROR_LIST_CLASS } from '~/components/class-names'
import { NEWSLETTER_FORM } from '~/components/newsletter-form-names'
import type * as NewsletterChecks from '~/components/newsletter-check'
import type { NewsletterOutcome } from '~/utils/page-data'
import { showOutcomeDialog } from './outcome-dialog'

type FieldErrors = Record<string, string[] | null> | null | undefined

/** Writes a field's errors as conform's getInputProps and ErrorList do: aria-invalid, aria-describedby, a list after the input. */
function showFieldErrors(input: HTMLInputElement, errors: string[] | null | undefined) {
	const errorId = `${input.id}-error`
	document.getElementById(errorId)?.remove()
	if (!errors?.length) {
		input.removeAttribute('aria-invalid')
		input.removeAttribute('aria-describedby')
		return
	}
	input.setAttribute('aria-invalid', 'true')
	input.setAttribute('aria-describedby', errorId)
	const list = Object.assign(document.createElement('ul'), { id: errorId, className: ERROR_LIST_CLASS })
	list.append(...errors.map((error) => Object.assign(document.createElement('li'), { textContent: error })))
	input.after(list)
}

export function enhanceNewsletterForm() {
	const form = document.getElementById(NEWSLETTER_FORM.id)
	if (!(form instanceof HTMLFormElement)) return
	const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!
	const idleLabel = button.textContent
	const inputs = NEWSLETTER_FORM.fields.map((name) => form.elements.namedItem(name) as HTMLInputElement)
	/** The fields a visitor has left (or tried to send): their errors show. */
	const checked = new Set<string>()
	let checks: typeof NewsletterChecks | null = null
	let sending = false
	let unchecked = false

	const showErrors = (errors: FieldErrors, names: Set<string> | null) => {
		for (const input of inputs) showFieldErrors(input, names && !names.has(input.name) ? null : errors?.[input.name])
	}
	/** Checks the values with the schema: shows the errors of the fields left, and lets the button go when all pass. */
	const check = () => {
		if (!checks) return null
		const submission = checks.checkSubscription(new FormData(form))
		showErrors(submission.status === 'success' ? undefined : submission.error, checked)
		button.disabled = sending || submission.status !== 'success'
		return submission
	}
	const loadChecks = () => {
		if (checks) return
		void import('~/components/newsletter-check').then(
			(loaded) => {
				checks = loaded
				// Fields left before the checks arrived are checked now.
				check()
			},
			() => {
				// The checks could not load (offline, a deploy in between): the form posts as it does without scripts.
				unchecked = true
				button.disabled = false
			},
		)
	}

	const send = async () => {
		sending = true
		button.disabled = true
		button.textContent = 'Subscribing…'
		let outcome: NewsletterOutcome
		try {
			const response = await fetch(`${NEWSLETTER_FORM.action}?${NEWSLETTER_FORM.scriptedParam}`, { method: 'POST', body: new FormData(form) })
			outcome = (await response.json()) as NewsletterOutcome
		} catch {
			// No answer to read (offline, a proxy's error page): the browser posts the form as it does without scripts.
			form.submit()
			return
		} finally {
			sending = false
			button.textContent = idleLabel
		}
		if (outcome.dialog?.tone === 'success') {
			form.reset()
			checked.clear()
		}
		check()
		// Errors the server found (the API's own checks) show beside their fields.
		if (outcome.result.error) showErrors(outcome.result.error, null)
		if (outcome.dialog) showOutcomeDialog(form.parentElement!, outcome.dialog)
	}

	// The button waits for the checks to pass, as the hydrated form's does.
	button.disabled = true
	form.addEventListener('focusin', loadChecks, { once: true })
	form.addEventListener('pointerenter', loadChecks, { once: true })
	form.addEventListener('focusout', (event) => {
		const name = (event.target as HTMLInputElement).name
		if (!inputs.some((input) => input.name === name)) return
		checked.add(name)
		check()
	})
	form.addEventListener('input', check)
	form.addEventListener('submit', (event) => {
		if (unchecked) return
		event.preventDefault()
		for (const input of inputs) checked.add(input.name)
		if (check()?.status === 'success') void send()
	})
}
