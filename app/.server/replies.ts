// What loaders and actions do with the typed client's answers (app/.server/typed-api.ts): the data
// that must be there, and a refused or invalid form given back as it was typed, errors beside the
// fields, passwords never sent back to the page.
import type { Submission } from '@conform-to/react'
import { data } from 'react-router'
import { recordIdSchema } from '~/contract/api'
import { PASSWORD_FIELDS } from '~/contract/accounts'
import type { ApiFailure, TypedApi } from './typed-api'

/** Never filled back in: what was typed into a password field stays with the person who typed it. */
const HIDDEN_FIELDS: readonly string[] = PASSWORD_FIELDS

type ReplyOptions<E> = { extra?: E }

/**
 * The data of a successful answer. A refusal (4xx) becomes the page's own error with the API's
 * message (a 404 is the page's 404), shown by the nearest error boundary; anything else is a fault.
 */
export function dataOf<T>(answer: { ok: true; data: T } | ApiFailure): T {
	if (answer.ok) return answer.data
	if (answer.status >= 400 && answer.status < 500) throw data(answer.message, { status: answer.status })
	throw new Error(`The API answered ${answer.status}: ${answer.message}`)
}

/** A public page's data: a 404 is the page's plain 404, in the layout's words; the rest as `dataOf`. */
export function pageData<T>(answer: { ok: true; data: T } | ApiFailure): T {
	if (!answer.ok && answer.status === 404) throw data(null, { status: 404 })
	return dataOf(answer)
}

/**
 * The form as it was, with the API's refusal beside the fields and above the form: the API's own
 * 4xx (a 400 for anything else), or a 503 with Retry-After when it is too busy, to try again later.
 */
export function replyRefused<E extends object = object>(submission: Submission<unknown>, failure: ApiFailure, { extra }: ReplyOptions<E> = {}) {
	const busy = failure.status === 503
	const { fieldErrors, formErrors } = placeErrors(submission, failure)
	return data(
		{ ...(extra as E), result: submission.reply({ formErrors, fieldErrors, hideFields: [...HIDDEN_FIELDS] }) },
		{ status: busy ? 503 : failure.status >= 400 && failure.status < 500 ? failure.status : 400, headers: busy ? { 'Retry-After': '60' } : undefined },
	)
}

/**
 * The API's field errors beside the fields the form has; a reason given for a field it does not
 * have (the event's, when the form only asks for a number) is said at the top in its own words,
 * instead of a "correct the highlighted fields" with nothing highlighted.
 */
export function placeErrors(submission: Submission<unknown>, failure: Pick<ApiFailure, 'message' | 'errors'>) {
	const fields = new Set(Object.keys((submission.payload ?? {}) as Record<string, unknown>))
	const fieldErrors: Record<string, string[]> = {}
	const elsewhere: string[] = []
	for (const [name, messages] of Object.entries(failure.errors ?? {})) {
		if (fields.has(name.split(/[.[]/)[0]!)) fieldErrors[name] = messages
		else elsewhere.push(...messages)
	}
	return { fieldErrors, formErrors: elsewhere.length > 0 ? elsewhere : [failure.message] }
}

/** A form that did not pass its schema, as it was typed (a 400). */
export function replyInvalid<E extends object = object>(submission: Submission<unknown>, { extra }: ReplyOptions<E> = {}) {
	return data({ ...(extra as E), result: submission.reply({ hideFields: [...HIDDEN_FIELDS] }) }, { status: 400 })
}

/** A step that went well (the chosen state's cities shown): the values stay, passwords aside, with a note above the form. */
export function replyStep(submission: Submission<unknown>, notice: string) {
	return { result: { ...submission.reply({ hideFields: [...HIDDEN_FIELDS] }), status: undefined, error: undefined }, notice }
}

/** A record id from the page's address; a malformed one is as missing as an unknown one (404). */
export function recordIdParam(value: string | undefined, notFound: string) {
	const id = recordIdSchema.safeParse(value)
	if (!id.success) throw data(notFound, { status: 404 })
	return id.data
}

/** The media base address (docs/spec.md §7: fetched once; the client keeps it for its max-age). */
export async function loadMediaBaseUrl(api: TypedApi) {
	return pageData(await api.site.mediaUrl({}))
}
