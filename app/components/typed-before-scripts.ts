// What a person typed into a text area before the page's scripts ran, put back once React has
// hydrated it. React 19 keeps an input's or a select's value when it hydrates, but sets a text
// area's value to its starting text (`initTextarea` assigns `defaultValue`, then `value`), which
// throws away what was typed on a slow phone while the scripts loaded (decision 0065).

/** The text areas React has taken over: their later typing is React's and conform's to keep. */
const hydrated = new WeakSet<HTMLTextAreaElement>()
/** What was typed into each text area not yet hydrated. */
const typed = new WeakMap<HTMLTextAreaElement, string>()

function note(target: EventTarget | null) {
	if (target instanceof HTMLTextAreaElement && !hydrated.has(target) && target.value !== target.defaultValue) typed.set(target, target.value)
}

// From the moment this module runs, which is before React hydrates the page (React Router imports
// the page's modules first): what is already typed, then every keystroke until hydration.
if (typeof document !== 'undefined') {
	for (const textarea of document.querySelectorAll('textarea')) note(textarea)
	document.addEventListener('input', (event) => note(event.target), true)
}

/** A text area's ref: puts back what was typed before it was hydrated. */
export function keepTypedText(textarea: HTMLTextAreaElement | null) {
	if (!textarea || hydrated.has(textarea)) return
	hydrated.add(textarea)
	const text = typed.get(textarea)
	typed.delete(textarea)
	if (text !== undefined && textarea.value !== text) textarea.value = text
}
