// /member/cpe/certificate/{iRegistrationId}: the attendance certificate (PDF) of one attended event,
// streamed from the API. Anything else (not attended, another member's, no such id) gets the site's
// 404 page: so this is a page route whose middleware answers with the file when there is one (a
// resource route could only answer a bare error).
import { data } from 'react-router'
import { accountContext } from '~/.server/caller'
import { fileResponse } from '~/.server/downloads'
import { recordIdSchema } from '~/contract/api'
import { CPE_MESSAGES } from '~/contract/cpe'
import type { Route } from './+types/member-cpe-certificate'

export const middleware: Route.MiddlewareFunction[] = [
	async ({ params, context }) => {
		const registrationId = recordIdSchema.safeParse(params.iRegistrationId)
		if (!registrationId.success) return
		const answer = await context.get(accountContext).api.cpe.certificate({ iRegistrationId: registrationId.data })
		if (!answer.ok) return
		return fileResponse(answer.file)
	},
]

export function loader() {
	throw data(CPE_MESSAGES.certificateNotFound, { status: 404 })
}

export default function CertificateNotFound() {
	return null
}
