// /member/cpe/certificate/{iRegistrationId}: the attendance certificate (PDF) of one attended event,
// streamed from the API. Anything else (not attended, another member's, no such id) is not found.
import { data } from 'react-router'
import { callAs } from '~/.server/accounts'
import { recordIdSchema } from '~/contract/api'
import { CPE_MESSAGES, CPE_PATHS } from '~/contract/cpe'
import type { Route } from './+types/member-cpe-certificate'

export async function loader({ request, params }: Route.LoaderArgs) {
	const registrationId = recordIdSchema.safeParse(params.iRegistrationId)
	if (!registrationId.success) throw data(CPE_MESSAGES.certificateNotFound, { status: 404 })
	const answer = await callAs(request, 'member', { path: CPE_PATHS.certificate(registrationId.data) })
	if (!answer.file) throw data(answer.body.message || CPE_MESSAGES.certificateNotFound, { status: answer.status === 404 ? 404 : 502 })
	return new Response(answer.file.stream, {
		headers: {
			'content-type': answer.file.contentType,
			'content-disposition': answer.file.contentDisposition ?? `attachment; filename="cpe-certificate-${registrationId.data}.pdf"`,
			'cache-control': 'private, no-store',
		},
	})
}
