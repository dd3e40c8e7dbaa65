// POST /office/newsletters/upload: the new-issue form with JavaScript on, sent so the page can show
// the PDF's progress. Answers JSON: where the new issue is (its alert waiting in the session), or
// the refusal with its field errors.
import { data } from 'react-router'
import { forwardNewIssue } from '~/.server/office-newsletters'
import { officeCaller, officeMiddleware } from '~/.server/office-caller'
import { apiTable } from '~/contract/table'
import { commitOfficeSession, flashOffice } from '~/.server/office-session'
import type { Route } from './+types/newsletter-upload'

/** Outside the office layout: the same one read of the office session. */
export const middleware: Route.MiddlewareFunction[] = [officeMiddleware]

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeNewsletters.create)
	const answer = await forwardNewIssue(api, await args.request.formData())
	if (!answer.ok) return Response.json({ message: answer.message, errors: answer.errors ?? {} }, { status: answer.status < 500 ? answer.status : 400 })
	flashOffice(session, answer.message)
	return Response.json(
		{ location: `/office/newsletters/${answer.data.iRecordId}` },
		{ status: 201, headers: { 'set-cookie': await commitOfficeSession(session) } },
	)
}

export function loader() {
	throw data('Add an issue from the new-issue page.', { status: 405 })
}
