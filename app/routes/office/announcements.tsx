// /office/announcements: what the office has told members (with how many read it), and a form
// to post a new announcement. Each opens to be corrected or withdrawn.
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { officeForm } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { dataOf } from '~/.server/replies'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { schemaChecks, useCheckedForm } from '~/components/checked-form'
import { CheckboxField, ErrorList, SubmitButton, TextareaField, TextField, useIsSubmitting } from '~/components/forms'
import { cellClass, linkClass, OfficePage, OfficeTable } from '~/components/office/office-nav'
import { announcementFormSchema } from '~/contract/office/announcements'
import { formatInstantDay } from '~/utils/kolkata-date'
import type { Route } from './+types/announcements'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeAnnouncements.list)
	return { announcements: dataOf(await api.officeAnnouncements.list({})), constraint: getZodConstraint(announcementFormSchema) }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeAnnouncements.list)
	return officeForm(await args.request.formData(), {
		schema: announcementFormSchema,
		call: (body) => api.officeAnnouncements.post({ body }),
		done: (answer) => redirectWithOfficeAlert(session, '/office/announcements', answer.message),
	})
}

export const meta: Route.MetaFunction = () => [{ title: 'Announcements | Office' }]

export default function OfficeAnnouncements({ loaderData: { announcements, constraint }, actionData }: Route.ComponentProps) {
	const [form, fields, formProps] = useCheckedForm({
		id: 'new-announcement',
		lastResult: actionData?.result,
		constraint,
		shouldValidate: 'onBlur',
		checks: schemaChecks(() => import('~/contract/office/announcements').then((contract) => contract.announcementFormSchema)),
	})
	const busy = useIsSubmitting()
	return (
		<OfficePage title="Announcements" lead="Members read these on their dashboard; a correction keeps who has read it.">
			<Form method="post" {...formProps} className="space-y-4 rounded border border-slate-200 p-4">
				<h2 className="text-xl font-semibold text-brand-900">Post an announcement</h2>
				<ErrorList id={form.errorId} errors={form.errors} />
				<TextField meta={fields.sTitle} label="Title" />
				<TextareaField meta={fields.sBody} label="Text" hint="Leave a blank line between paragraphs." rows={6} />
				<CheckboxField meta={fields.bEmail} label="Also e-mail it to the members who chose updates by e-mail" />
				<SubmitButton disabled={busy}>{busy ? 'Posting…' : 'Post it'}</SubmitButton>
			</Form>
			<h2 className="mt-10 mb-3 text-xl font-semibold text-brand-900">Posted</h2>
			{announcements.length === 0 ? (
				<p className="text-slate-700">Nothing posted yet.</p>
			) : (
				<OfficeTable caption="Announcements, newest first" headings={['Title', 'Posted', 'By', 'Read by', '']}>
					{announcements.map((announcement) => (
						<tr key={announcement.iAnnouncementId}>
							<td className={cellClass}>{announcement.sTitle}</td>
							<td className={cellClass}>{formatInstantDay(announcement.dPublishedAt)}</td>
							<td className={cellClass}>{announcement.sPostedBy ?? '—'}</td>
							<td className={cellClass}>{announcement.nReads}</td>
							<td className={cellClass}>
								<Link to={`/office/announcements/${announcement.iAnnouncementId}`} className={linkClass}>
									Correct or withdraw<span className="sr-only"> “{announcement.sTitle}”</span>
								</Link>
							</td>
						</tr>
					))}
				</OfficeTable>
			)}
		</OfficePage>
	)
}
