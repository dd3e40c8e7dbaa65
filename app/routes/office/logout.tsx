// /office/logout: a post ends the office session and its API token; a visit shows the button.
import { Form, redirect } from 'react-router'
import { requestInfoContext } from '~/.server/context'
import { endOfficeSession, getOfficeSession, liveStaff, OFFICE_LOGIN, revokeOfficeToken } from '~/.server/office-session'
import { SubmitButton } from '~/components/forms'
import { OfficeHeader } from '~/components/office/office-nav'
import { OFFICE_FRAME } from '~/utils/office-frame'
import type { Route } from './+types/logout'

export async function loader({ request }: Route.LoaderArgs) {
	if (!liveStaff(await getOfficeSession(request)).staff) throw redirect(OFFICE_LOGIN)
	return null
}

export async function action({ request, context }: Route.ActionArgs) {
	const session = await getOfficeSession(request)
	await revokeOfficeToken(session, context.get(requestInfoContext).clientAddress)
	return endOfficeSession(session, 'You are signed out of the office.')
}

export const handle = OFFICE_FRAME

export const meta: Route.MetaFunction = () => [{ title: 'Sign out of the office' }, { name: 'robots', content: 'noindex, nofollow' }]

export default function OfficeLogout() {
	return (
		<>
			<OfficeHeader />
			<main id="main" className="mx-auto w-full max-w-md flex-1 px-4 py-10">
				<h1 className="text-3xl font-semibold text-brand-900">Sign out of the office</h1>
				<Form method="post" className="mt-6">
					<SubmitButton>Sign out</SubmitButton>
				</Form>
			</main>
		</>
	)
}
