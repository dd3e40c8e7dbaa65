// /office/announcements/{iAnnouncementId}: correct an announcement, or withdraw it (members no
// longer see it) after saying so on /office/announcements/{iAnnouncementId}/withdraw.
import { getZodConstraint } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { officeForm, alertOutcome } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { dataOf, recordIdParam } from '~/.server/replies'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { schemaChecks, useCheckedForm } from '~/components/checked-form'
import { ErrorList, SubmitButton, TextareaField, TextField, useIsSubmitting } from '~/components/forms'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import { ANNOUNCEMENT_MESSAGES } from '~/contract/announcements'
import { announcementFormSchema } from '~/contract/office/announcements'
import type { Route } from './+types/announcement'

const withdrawing = (url: URL) => url.pathname.endsWith('/withdraw')

const announcementId = (params: { iAnnouncementId?: string }) => recordIdParam(params.iAnnouncementId, ANNOUNCEMENT_MESSAGES.notFound)

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeAnnouncements.correct)
	const id = announcementId(args.params)
	const announcement = dataOf(await api.officeAnnouncements.list({})).find((item) => item.iAnnouncementId === id)
	if (!announcement) throw data(ANNOUNCEMENT_MESSAGES.notFound, { status: 404 })
	return { announcement, withdraw: withdrawing(args.url), constraint: getZodConstraint(announcementFormSchema) }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeAnnouncements.correct)
	const iAnnouncementId = announcementId(args.params)
	if (withdrawing(args.url)) throw await alertOutcome(session, await api.officeAnnouncements.withdraw({ iAnnouncementId }), '/office/announcements')
	return officeForm(await args.request.formData(), {
		schema: announcementFormSchema,
		call: (body) => api.officeAnnouncements.correct({ iAnnouncementId, body }),
		done: (answer) => redirectWithOfficeAlert(session, '/office/announcements', answer.message),
	})
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.announcement.sTitle} | Office` : 'Announcement | Office' }]

export default function OfficeAnnouncement({ loaderData: { announcement, withdraw, constraint }, actionData }: Route.ComponentProps) {
	const [form, fields, formProps] = useCheckedForm({
		id: `announcement-${announcement.iAnnouncementId}`,
		lastResult: actionData?.result,
		constraint,
		shouldValidate: 'onBlur',
		checks: schemaChecks(() => import('~/contract/office/announcements').then((contract) => contract.announcementFormSchema)),
		defaultValue: { sTitle: announcement.sTitle, sBody: announcement.aBody.join('\n\n') },
	})
	const busy = useIsSubmitting()
	if (withdraw) {
		return (
			<OfficePage title={`Withdraw “${announcement.sTitle}”?`}>
				<p className="text-lg">Members will no longer see it, and it cannot be brought back. {announcement.nReads} members have read it.</p>
				<div className="mt-6 flex flex-wrap items-center gap-4">
					<Form method="post">
						<SubmitButton>Withdraw it</SubmitButton>
					</Form>
					<Link to={`/office/announcements/${announcement.iAnnouncementId}`} className={linkClass}>
						Keep it
					</Link>
				</div>
			</OfficePage>
		)
	}
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
