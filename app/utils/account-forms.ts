// Account forms, parsed the same way in the browser (conform's onValidate) and in the action.
import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { ACCOUNT_MESSAGES, isRequiredMessage } from '~/contract/accounts'

/** Spec §5: a form with a missing field counts as incomplete, and its submit says so (a form error). */
export function parseAccountForm<S extends z.ZodType>(formData: FormData, schema: S) {
	const submission = parseWithZod(formData, { schema })
	if (submission.status === 'error' && submission.error) {
		const messages = Object.values(submission.error).flat()
		if (messages.some(isRequiredMessage)) submission.error[''] = [ACCOUNT_MESSAGES.incomplete]
	}
	return submission
}
