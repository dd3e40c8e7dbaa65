// POST /office/events/{iEventId}/check-in/scan: the door page's check-ins with JavaScript on (a
// camera's scans, typed codes, the offline queue sent later), answered as plain JSON.
import { data } from 'react-router'
import { officeCaller, officeMiddleware } from '~/.server/office-caller'
import { recordIdParam } from '~/.server/replies'
import { OFFICE_REGISTRATION_MESSAGES } from '~/contract/office/registrations'
import { apiTable } from '~/contract/table'
import type { Route } from './+types/check-in-scan'

/** Outside the office layout: the same one read of the office session. */
export const middleware: Route.MiddlewareFunction[] = [officeMiddleware]

export async function action(args: Route.ActionArgs) {
	const { api } = officeCaller(args, apiTable.officeRegistrations.checkIn)
	const iEventId = recordIdParam(args.params.iEventId, OFFICE_REGISTRATION_MESSAGES.eventNotFound)
	const form = await args.request.formData()
	const body = { sCode: String(form.get('sCode') ?? ''), ...(form.get('dScannedAt') ? { dScannedAt: String(form.get('dScannedAt')) } : {}) }
	const answer = await api.officeRegistrations.checkIn({ iEventId, body })
	if (answer.ok) return Response.json(answer.data)
	return Response.json({ message: answer.message, errors: answer.errors }, { status: answer.status < 500 ? answer.status : 400 })
}

export function loader() {
	throw data('Check people in from the event’s check-in page.', { status: 405 })
}
