// The office's form kit: an action runs the handler of the button pressed (its `intent`), checks
// the form with the entry's schema, calls the API, and gives a refusal back as the form's reply,
// as it was typed (app/.server/replies.ts). What a success does is the page's to say.
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { z } from 'zod'
import type { ConflictField } from '~/utils/page-data'
import { redirectWithOfficeAlert, type OfficeSession } from './office-session'
import { replyInvalid, replyRefused } from './replies'
import type { ApiFailure } from './typed-api'

type Success<T> = { ok: true; status: number; message: string; data: T }
type Answer<T> = Success<T> | ApiFailure
/** What a handler may give: a reply for the page, or a Response (a redirect), which is thrown. */
type Handler = (formData: FormData) => unknown

export const UNKNOWN_BUTTON = 'Please use one of the buttons.'

/**
 * Runs the handler of the form's `intent` (or of `fallback`, for a form that sends none). A
 * Response is thrown, so the page's action data holds only its forms' replies.
 */
export async function officeAction<H extends Record<string, Handler>>(request: Request, handlers: H, fallback?: keyof H & string) {
	const formData = await request.formData()
	const intent = String(formData.get('intent') ?? fallback ?? '')
	const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined
	if (!handler) throw data(UNKNOWN_BUTTON, { status: 400 })
	const outcome = await handler(formData)
	if (outcome instanceof Response) throw outcome
	return outcome as Exclude<Awaited<ReturnType<H[keyof H]>>, Response>
}

type FormSpec<S extends z.ZodType, T, R> = {
	schema: S
	call: (value: z.output<S>) => Promise<Answer<T>>
	/** The page's move after a success: usually a redirect with an alert (thrown), or a reply. */
	done: (answer: Success<T>, value: z.output<S>) => R | Promise<R>
	/**
	 * A versioned record's edit: what is saved now, beside what was typed, when someone else saved
	 * first (a 409 without field errors); null when the record could not be read again.
	 */
	conflict?: (value: z.output<S>) => Promise<{ fields: ConflictField[]; nVersion: number } | null>
	/** The API's field names that this form names otherwise. */
	renamed?: Readonly<Record<string, string>>
	/** Given back beside the reply (which of several alike forms it is). */
	extra?: object
}

/**
 * One form: a conform intent (a row added) or invalid input is given back as typed; the API's 400,
 * 404 or 409 beside the fields; a stale edit (409) says someone else saved first and shows what
 * changed, the person's input kept in the form with the version now saved.
 */
export async function officeForm<S extends z.ZodType, T, R>(formData: FormData, spec: FormSpec<S, T, R>) {
	const submission = parseWithZod(formData, { schema: spec.schema })
	if (submission.status === undefined) return { ...spec.extra, result: submission.reply() }
	if (submission.status !== 'success') return replyInvalid(submission, { extra: spec.extra })
	const answer = await spec.call(submission.value)
	if (answer.ok) {
		const outcome = await spec.done(answer, submission.value)
		if (outcome instanceof Response) throw outcome
		return outcome as Exclude<R, Response>
	}
	const failure = spec.renamed ? { ...answer, errors: renamedErrors(answer.errors, spec.renamed) } : answer
	if (failure.status === 409 && !failure.errors && spec.conflict) {
		const current = await spec.conflict(submission.value)
		return data(
			{ ...spec.extra, result: submission.reply({ formErrors: [failure.message] }), conflict: current?.fields ?? [], currentVersion: current?.nVersion },
			{ status: 409 },
		)
	}
	return replyRefused(submission, failure, { extra: spec.extra })
}

const renamedErrors = (errors: Record<string, string[]> | undefined, names: Readonly<Record<string, string>>) =>
	errors && Object.fromEntries(Object.entries(errors).map(([key, value]) => [names[key] ?? key, value]))

/** A button's outcome (no fields to give back): on to `to` with the API's message, or to `failedTo` with its refusal. */
export const alertOutcome = (session: OfficeSession, answer: { ok: boolean; message: string }, to: string, failedTo = to) =>
	redirectWithOfficeAlert(session, answer.ok ? to : failedTo, answer.message, answer.ok ? 'success' : 'error')

/** A file sent alone (a picture, a portrait, a PDF): its refusal beside its field, the message above. */
export const replyFileRefused = (answer: ApiFailure) =>
	data({ fileErrors: { ...answer.errors, form: [answer.message] } }, { status: answer.status < 500 ? answer.status : 400 })

/** A button's refusal on a page that stays (a delete or cancel the API refused), said above it. */
export const replyButtonRefused = (answer: ApiFailure) => data({ error: answer.message }, { status: answer.status < 500 ? answer.status : 400 })

/** The fields of a form that the API's upload takes (a file sent on its own, with its words). */
export function uploadOf(formData: FormData, names: string[]) {
	const upload = new FormData()
	for (const name of names) upload.set(name, formData.get(name) ?? '')
	return upload
}
