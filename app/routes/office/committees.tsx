// /office/committees: the committees in their public order, each with its people; and
// /office/committees/new, which adds one (its people are added on its page).
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { officeForm } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { dataOf } from '~/.server/replies'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { schemaChecks, useCheckedForm, type FormConstraint } from '~/components/checked-form'
import { buttonClass, ErrorList, SubmitButton, TextareaField, TextField, useIsSubmitting } from '~/components/forms'
import { CommitteePeople } from '~/components/office/committee-people'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import { committeeFieldsSchema } from '~/contract/office/committees'
import type { Route } from './+types/committees'

const isNew = (url: URL) => url.pathname.endsWith('/new')

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeCommittees.list)
	return { committees: isNew(args.url) ? [] : dataOf(await api.officeCommittees.list({})), creating: isNew(args.url), constraint: getZodConstraint(committeeFieldsSchema) }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeCommittees.list)
	return officeForm(await args.request.formData(), {
		schema: committeeFieldsSchema,
		call: (body) => api.officeCommittees.create({ body }),
		done: (answer) => redirectWithOfficeAlert(session, `/office/committees/${answer.data.iCommitteeId}`, answer.message),
	})
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.creating ? 'New committee | Office' : 'Committees | Office' }]

function NewCommittee({ constraint, actionData }: { constraint: FormConstraint; actionData: Route.ComponentProps['actionData'] }) {
	const [form, fields, formProps] = useCheckedForm({
		id: 'new-committee',
		lastResult: actionData?.result,
		constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: schemaChecks(() => import('~/contract/office/committees').then((contract) => contract.committeeFieldsSchema)),
	})
	const busy = useIsSubmitting()
	return (
		<OfficePage title="New committee" lead={<Link to="/office/committees" className={linkClass}>All committees</Link>}>
			<Form method="post" {...formProps} className="grid gap-4 sm:grid-cols-2">
				<ErrorList id={form.errorId} errors={form.errors} />
				<TextField meta={fields.sTitle} label="Title" className="sm:col-span-2" />
				<TextareaField meta={fields.sDescription} label="Description (optional)" rows={3} className="sm:col-span-2" />
				<TextField meta={fields.nSortOrder} label="Order on the committees page (0 first)" type="number" inputMode="numeric" />
				<div className="sm:col-span-2">
					<SubmitButton disabled={busy}>{busy ? 'Adding…' : 'Add the committee'}</SubmitButton>
				</div>
			</Form>
		</OfficePage>
	)
}

export default function OfficeCommittees({ loaderData: { committees, creating, constraint }, actionData }: Route.ComponentProps) {
	if (creating) return <NewCommittee constraint={constraint} actionData={actionData} />
	return (
		<OfficePage
			title="Committees"
			lead="The committees page and the home page’s message show these, in this order. A message is public once published."
			actions={
				<Link to="/office/committees/new" className={buttonClass()}>
					New committee
				</Link>
			}
		>
			{committees.length === 0 ? <p className="text-slate-700">No committees yet.</p> : null}
			{committees.map((committee) => (
				<section key={committee.iCommitteeId} aria-labelledby={`committee-${committee.iCommitteeId}`} className="mb-8">
					<h2 id={`committee-${committee.iCommitteeId}`} className="text-xl font-semibold text-brand-900">
						<Link to={`/office/committees/${committee.iCommitteeId}`} className={linkClass}>
							{committee.sTitle}
						</Link>
					</h2>
					<CommitteePeople committee={committee} />
				</section>
			))}
		</OfficePage>
	)
}
