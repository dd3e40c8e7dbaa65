// What every account action does with the API's answer: field errors beside the fields, the
// message above the form, passwords never sent back to the page.
import type { Submission } from '@conform-to/react'
import { data } from 'react-router'
import { PASSWORD_FIELDS } from '~/contract/accounts'
import type { ApiAnswer } from './api-client'

export const HIDDEN_FIELDS = [...PASSWORD_FIELDS] as string[]

/** The form as it was, with the API's errors: status 400 (or the API's own 4xx; 503 when too busy, to try again later). */
export function replyWithApiErrors(submission: Submission<unknown>, answer: ApiAnswer<unknown>) {
	const busy = answer.status === 503
	return data(
		{ result: submission.reply({ formErrors: [answer.body.message], fieldErrors: answer.body.errors ?? {}, hideFields: HIDDEN_FIELDS }) },
		{ status: busy ? 503 : answer.status >= 400 && answer.status < 500 ? answer.status : 400, headers: busy ? { 'Retry-After': '60' } : undefined },
	)
}

export function replyInvalid(submission: Submission<unknown>) {
	return data({ result: submission.reply({ hideFields: HIDDEN_FIELDS }) }, { status: 400 })
}

/** A step that went well (the chosen state's cities shown): the values stay, passwords aside, with a note above the form. */
export function replyStep(submission: Submission<unknown>, notice: string) {
	return { result: { ...submission.reply({ hideFields: HIDDEN_FIELDS }), status: undefined, error: undefined }, notice }
}
