// /office/committees/new: adds a committee; its people are added on its page.
import { getZodConstraint } from '@conform-to/zod/v4'
import { Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { officeForm } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { CommitteeForm } from '~/components/office/committee-form'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import { committeeFieldsSchema } from '~/contract/office/committees'
import type { Route } from './+types/committee-new'

export function loader(args: Route.LoaderArgs) {
	officeCaller(args, apiTable.officeCommittees.create)
	return { constraint: getZodConstraint(committeeFieldsSchema) }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeCommittees.create)
	return officeForm(await args.request.formData(), {
		schema: committeeFieldsSchema,
		call: (body) => api.officeCommittees.create({ body }),
		done: (answer) => redirectWithOfficeAlert(session, `/office/committees/${answer.data.iCommitteeId}`, answer.message),
	})
}

export const meta: Route.MetaFunction = () => [{ title: 'New committee | Office' }]

export default function CommitteeNew({ loaderData: { constraint }, actionData }: Route.ComponentProps) {
	return (
		<OfficePage
			title="New committee"
			lead={
				<Link to="/office/committees" className={linkClass}>
					All committees
				</Link>
			}
		>
			<CommitteeForm constraint={constraint} lastResult={actionData?.result} />
		</OfficePage>
	)
}
