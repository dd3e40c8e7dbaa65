// A conform form whose checks load when a visitor first moves into it, not with the page
// (decision 0038): zod and the contract's schemas are most of a form page's own code. What the
// schema asks of each field as HTML attributes (required, maxlength…) is computed by the route's
// loader, which has the schema on the server: `getZodConstraint(schema)`.
import { getFormProps, parse, useForm, type Submission } from '@conform-to/react'
import type { getZodConstraint } from '@conform-to/zod/v4'
import { useEffect, useRef, useState, type FocusEvent, type FormEvent } from 'react'
import type { z } from 'zod'

export type FormConstraint = ReturnType<typeof getZodConstraint>

/** The name of the button conform submits a form with to check one field (its `INTENT`). */
const CONFORM_INTENT = '__intent__'

/** What `onValidate` returns: the form's values checked, or the errors beside each field. */
export type Checks<Schema, FormValue> = (formData: FormData) => Submission<Schema, string[], FormValue>

type Options<Schema extends Record<string, unknown>, FormValue> = Omit<Parameters<typeof useForm<Schema, FormValue>>[0], 'onValidate' | 'constraint'> & {
	constraint: FormConstraint
	/** Loads the checks: `schemaChecks(() => import('~/contract/…').then((contract) => contract.someSchema))`. */
	checks: () => Promise<Checks<Schema, FormValue>>
}

/** Until the checks arrive, or if they cannot load, a post goes to the server, which checks it with the same schema. */
export function uncheckedSubmission<Schema, FormValue>(formData: FormData) {
	return parse<FormValue, string[]>(formData, { resolve: (value) => ({ value: value as FormValue }) }) as Submission<Schema, string[], FormValue>
}

/**
 * conform's `useForm`, and the props of its <Form>: they load the checks on the first focus or
 * pointer, and a submit that comes before them waits for them (or, if they cannot load, goes to
 * the server as it is).
 */
export function useCheckedForm<Schema extends Record<string, unknown>, FormValue = Schema>({ checks, ...options }: Options<Schema, FormValue>) {
	const { id } = options
	// Kept with the form's id: a page that draws another form in its place (a member's sign-up, then a student's) loads that form's checks.
	const loading = useRef<{ id: string | undefined; done: Promise<void>; check?: Checks<Schema, FormValue> } | null>(null)
	const current = () => (loading.current && loading.current.id === id ? loading.current : null)
	const loadedCheck = () => current()?.check
	// A render when they arrive, for the fields left before.
	const [arrivals, setArrivals] = useState(0)
	const load = () => {
		const started = current()
		if (started) return started.done
		const entry: NonNullable<typeof loading.current> = { id, done: Promise.resolve() }
		entry.done = checks().then(
			(check) => {
				entry.check = check
				setArrivals((count) => count + 1)
			},
			// Tried again on the next focus or submit; meanwhile the server checks.
			() => {
				if (loading.current === entry) loading.current = null
			},
		)
		loading.current = entry
		return entry.done
	}
	const [form, fields] = useForm<Schema, FormValue>({
		...options,
		onValidate: ({ formData }) => (loadedCheck() ?? uncheckedSubmission<Schema, FormValue>)(formData),
	})
	// Fields left before the checks arrived are checked as soon as they do.
	const leftEarly = useRef(new Set<string>())
	const noteLeftEarly = (event: FocusEvent<HTMLFormElement>) => {
		const name = event.target.getAttribute('name')
		if (!loadedCheck() && name) leftEarly.current.add(name)
	}
	useEffect(() => {
		if (arrivals === 0) return
		for (const name of leftEarly.current) form.validate({ name })
		leftEarly.current.clear()
	}, [arrivals, form])
	const { onSubmit: submitChecked, ...formAttributes } = getFormProps(form)
	const waited = useRef(false)
	const onSubmit = (event: FormEvent<HTMLFormElement>) => {
		if (loadedCheck() || waited.current) {
			waited.current = false
			return submitChecked(event)
		}
		event.preventDefault()
		const formElement = event.currentTarget
		const { submitter } = event.nativeEvent as SubmitEvent
		// conform checking a field the person left: not a send. That field is checked when the checks
		// arrive (leftEarly); sending the form then would post it before the person pressed anything.
		if (submitter?.getAttribute('name') === CONFORM_INTENT) return void load()
		void load().then(() => {
			// The submit checks every field, and a field's own check would then drop the form's error.
			leftEarly.current.clear()
			waited.current = true
			formElement.requestSubmit(sameButton(formElement, submitter))
		})
	}
	const formProps = { ...formAttributes, onSubmit, onFocus: load, onPointerEnter: load, onBlur: noteLeftEarly }
	return [form, fields, formProps] as const
}

/**
 * The button that sent the form, or its like in the form now: React may have drawn it afresh while
 * the checks loaded, and a button the form no longer owns cannot submit it (its name and value, an
 * `intent`, must still go with the form).
 */
function sameButton(form: HTMLFormElement, submitter: HTMLElement | null) {
	if (!submitter || (submitter as HTMLButtonElement).form === form) return submitter
	const [name, value] = [submitter.getAttribute('name'), submitter.getAttribute('value')]
	return (
		Array.from(form.elements).find(
			(element): element is HTMLButtonElement =>
				element instanceof HTMLButtonElement && element.type === 'submit' && element.getAttribute('name') === name && element.getAttribute('value') === value,
		) ?? null
	)
}

/** Checks with one of the contract's schemas, parsed by conform's zod adapter, which loads with it. */
export function schemaChecks<S extends z.ZodType>(schema: () => Promise<S>) {
	return async () => {
		const [{ parseWithZod }, loaded] = await Promise.all([import('@conform-to/zod/v4'), schema()])
		return (formData: FormData) => parseWithZod(formData, { schema: loaded })
	}
}

/** Checks of an account form: a missing field also says the form is incomplete (app/utils/account-forms.ts). */
export function accountChecks<S extends z.ZodType>(schema: () => Promise<S>) {
	return async () => {
		const [{ parseAccountForm }, loaded] = await Promise.all([import('~/utils/account-forms'), schema()])
		return (formData: FormData) => parseAccountForm(formData, loaded)
	}
}
