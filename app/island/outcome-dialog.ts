// The newsletter sign-up's "Success" or "Error" dialog (docs/spec.md §8), drawn as dialog.tsx draws it.
import { DIALOG_CLASS } from '~/components/class-names'
import type { NewsletterOutcome } from '~/utils/page-data'

type Outcome = NonNullable<NewsletterOutcome['dialog']>

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, ...children: Array<Node | string>) => {
	const created = Object.assign(document.createElement(tag), { className })
	created.append(...children)
	return created
}

/** Opens the dialog as a modal inside `host`; it goes away when closed. */
export function showOutcomeDialog(host: Element, { tone, text }: Outcome) {
	const title = element('h2', `${DIALOG_CLASS.title} ${DIALOG_CLASS.titleTone[tone]}`, tone === 'success' ? 'Success' : 'Error')
	title.id = 'newsletter-outcome-title'
	const close = element('button', DIALOG_CLASS.closeButton, 'Close')
	close.type = 'submit'
	const closeForm = element('form', '', close)
	closeForm.method = 'dialog'
	const dialog = element(
		'dialog',
		DIALOG_CLASS.dialog,
		title,
		element('div', DIALOG_CLASS.body, element('p', '', text)),
		element('div', DIALOG_CLASS.actions, closeForm),
	)
	dialog.setAttribute('aria-labelledby', title.id)
	dialog.addEventListener('close', () => dialog.remove())
	host.append(dialog)
	dialog.showModal()
}
