// What office loaders and actions share: the staff user's context, and the data of an answer that
// must be there (a 404 from the API is the page's 404, shown in the office's frame).
import type { Submission } from '@conform-to/react'
import { data } from 'react-router'
import { recordIdSchema } from '~/contract/api'
import type { StaffRole } from '~/contract/office'
import { requestInfoContext } from './context'
import { requireOffice } from './office-session'
import type { ApiFailure } from './typed-api'

type Args = { request: Request; url: URL; context: { get: (key: typeof requestInfoContext) => { clientAddress: string } } }

export const officeContext = ({ request, url, context }: Args, role?: StaffRole) => requireOffice(request, url, context.get(requestInfoContext).clientAddress, role)

/** The data of a successful answer; a 404 becomes the page's 404 with the API's message, anything else a fault. */
export function dataOf<T>(answer: { ok: true; data: T } | ApiFailure): T {
	if (answer.ok) return answer.data
	if (answer.status === 404) throw data(answer.message, { status: 404 })
	throw new Error(`The API answered ${answer.status}: ${answer.message}`)
}

/** The form as it was, with the API's refusal beside the fields and above the form (a 4xx). */
export function replyRefused<E extends object = object>(submission: Submission<unknown>, failure: ApiFailure, { hideFields = [], extra }: { hideFields?: string[]; extra?: E } = {}) {
	return data(
		{ ...(extra as E), result: submission.reply({ formErrors: [failure.message], fieldErrors: failure.errors ?? {}, hideFields }) },
		{ status: failure.status >= 400 && failure.status < 500 ? failure.status : 400 },
	)
}

/** A form that did not pass its schema, as it was typed (a 400). */
export function replyInvalid<E extends object = object>(submission: Submission<unknown>, { hideFields = [], extra }: { hideFields?: string[]; extra?: E } = {}) {
	return data({ ...(extra as E), result: submission.reply({ hideFields }) }, { status: 400 })
}

/** A record id from the page's address; a malformed one is as missing as an unknown one (404). */
export function recordIdParam(value: string | undefined, notFound: string) {
	const id = recordIdSchema.safeParse(value)
	if (!id.success) throw data(notFound, { status: 404 })
	return id.data
}
