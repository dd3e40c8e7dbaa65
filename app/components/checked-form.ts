// A conform form whose checks load when a visitor first moves into it, not with the page
// (decision 0038): zod and the contract's schemas are most of a form page's own code. What the
// schema asks of each field as HTML attributes (required, maxlength…) is computed by the route's
// loader, which has the schema on the server: `getZodConstraint(schema)`.
import { getFormProps, parse, useForm, type Submission } from '@conform-to/react'
import type { getZodConstraint } from '@conform-to/zod/v4'
import { useEffect, useRef, useState, type FocusEvent } from 'react'
import type { z } from 'zod'

export type FormConstraint = ReturnType<typeof getZodConstraint>

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

/** conform's `useForm`, and the props of its <Form>: they load the checks on the first focus or pointer. */
export function useCheckedForm<Schema extends Record<string, unknown>, FormValue = Schema>({ checks, ...options }: Options<Schema, FormValue>) {
	// Kept with the form's id: a page that draws another form in its place (a member's sign-up, then a student's) loads that form's checks.
	const [loaded, setLoaded] = useState<{ id: string | undefined; check: Checks<Schema, FormValue> } | null>(null)
	const check = loaded && loaded.id === options.id ? loaded.check : null
	const loading = useRef<string | undefined | null>(null)
	const load = () => {
		const { id } = options
		if (check || loading.current === id) return
		loading.current = id
		checks().then(
			(loadedCheck) => setLoaded({ id, check: loadedCheck }),
			// Tried again on the next focus; meanwhile the server checks.
			() => (loading.current = null),
		)
	}
	// Fields left before the checks arrived are checked as soon as they do.
	const leftEarly = useRef(new Set<string>())
	const noteLeftEarly = (event: FocusEvent<HTMLFormElement>) => {
		const name = event.target.getAttribute('name')
		if (!check && name) leftEarly.current.add(name)
	}
	const [form, fields] = useForm<Schema, FormValue>({
		...options,
		onValidate: ({ formData }) => (check ?? uncheckedSubmission<Schema, FormValue>)(formData),
	})
	useEffect(() => {
		if (!check) return
		for (const name of leftEarly.current) form.validate({ name })
		leftEarly.current.clear()
	}, [check, form])
	const formProps = { ...getFormProps(form), onFocus: load, onPointerEnter: load, onBlur: noteLeftEarly }
	return [form, fields, formProps] as const
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
