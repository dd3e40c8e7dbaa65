// /office/announcements/{iAnnouncementId}: correct an announcement; withdrawing it is its own page
// (announcement-withdraw.tsx).
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'
import { announcementIdOf, loadAnnouncement } from '~/.server/office-records'
import { officeCaller } from '~/.server/office-caller'
import { officeForm } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { schemaChecks, useCheckedForm } from '~/components/checked-form'
import { ErrorList, SubmitButton, TextareaField, TextField, useIsSubmitting } from '~/components/forms'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import { announcementFormSchema } from '~/contract/office/announcements'
import type { Route } from './+types/announcement'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeAnnouncements.correct)
	return { announcement: await loadAnnouncement(api, args.params), constraint: getZodConstraint(announcementFormSchema) }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeAnnouncements.correct)
	const iAnnouncementId = announcementIdOf(args.params)
	return officeForm(await args.request.formData(), {
		schema: announcementFormSchema,
		call: (body) => api.officeAnnouncements.correct({ iAnnouncementId, body }),
		done: (answer) => redirectWithOfficeAlert(session, '/office/announcements', answer.message),
	})
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.announcement.sTitle} | Office` : 'Announcement | Office' }]

export default function OfficeAnnouncement({ loaderData: { announcement, constraint }, actionData }: Route.ComponentProps) {
	const [form, fields, formProps] = useCheckedForm({
		id: `announcement-${announcement.iAnnouncementId}`,
		lastResult: actionData?.result,
		constraint,
		shouldValidate: 'onBlur',
		checks: schemaChecks(() => import('~/contract/office/announcements').then((contract) => contract.announcementFormSchema)),
		defaultValue: { sTitle: announcement.sTitle, sBody: announcement.aBody.join('\n\n') },
	})
	const busy = useIsSubmitting()
	return (
		<OfficePage
			title="Correct the announcement"
			lead={
				<Link to="/office/announcements" className={linkClass}>
					All announcements
				</Link>
			}
			actions={
				<Link to={`/office/announcements/${announcement.iAnnouncementId}/withdraw`} className={linkClass}>
					Withdraw it
				</Link>
			}
		>
			<Form method="post" {...formProps} className="space-y-4">
				<ErrorList id={form.errorId} errors={form.errors} />
				<TextField meta={fields.sTitle} label="Title" />
				<TextareaField meta={fields.sBody} label="Text" hint="Leave a blank line between paragraphs." rows={8} />
				<SubmitButton disabled={busy}>{busy ? 'Saving…' : 'Save the correction'}</SubmitButton>
			</Form>
		</OfficePage>
	)
}
