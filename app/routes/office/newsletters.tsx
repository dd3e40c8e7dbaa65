// /office/newsletters: the issues, drafts included; /office/newsletters/new adds one (its PDF, an
// optional cover picture, title, month, summary and contents) in one multipart form.
import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useNavigation } from 'react-router'
import { dataOf, officeContext } from '~/.server/office-loaders'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { buttonClass, CheckboxField, ErrorList, SubmitButton, TextareaField, TextField } from '~/components/forms'
import { FileField } from '~/components/office/file-field'
import { cellClass, linkClass, OfficePage, OfficeTable } from '~/components/office/office-nav'
import { newsletterFieldsSchema } from '~/contract/office-newsletters'
import { formatMonth } from '~/utils/kolkata-date'
import type { Route } from './+types/newsletters'

const isNew = (url: URL) => url.pathname.endsWith('/new')

export async function loader(args: Route.LoaderArgs) {
	const { api } = await officeContext(args)
	return { issues: isNew(args.url) ? [] : dataOf(await api.officeNewsletters.list({})), creating: isNew(args.url) }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = await officeContext(args)
	const formData = await args.request.formData()
	const submission = parseWithZod(formData, { schema: newsletterFieldsSchema })
	if (submission.status !== 'success') return data({ result: submission.reply(), fileErrors: {} as Record<string, string[]> }, { status: 400 })
	const upload = new FormData()
	for (const name of ['file', 'cover', 'sTitle', 'sMonth', 'sSummary', 'sContents', 'bIsPublished']) {
		const value = formData.get(name)
		if (value !== null) upload.set(name, value)
	}
	const answer = await api.officeNewsletters.create({ body: upload })
	if (!answer.ok) {
		const { file, cover, ...rest } = answer.errors ?? {}
		return data({ result: submission.reply({ formErrors: [answer.message], fieldErrors: rest }), fileErrors: { file, cover } }, { status: answer.status < 500 ? answer.status : 400 })
	}
	throw await redirectWithOfficeAlert(session, `/office/newsletters/${answer.data.iRecordId}`, answer.message)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.creating ? 'New newsletter issue | Office' : 'Newsletters | Office' }]

function NewIssue({ actionData }: { actionData: Route.ComponentProps['actionData'] }) {
	const [form, fields] = useForm({
		id: 'new-newsletter',
		lastResult: actionData?.result,
		constraint: getZodConstraint(newsletterFieldsSchema),
		shouldValidate: 'onBlur',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: newsletterFieldsSchema }),
	})
	const busy = useNavigation().state === 'submitting'
	const fileErrors = (actionData?.fileErrors ?? {}) as Record<string, string[] | undefined>
	return (
		<OfficePage title="New newsletter issue" lead={<Link to="/office/newsletters" className={linkClass}>All issues</Link>}>
			<Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
				<ErrorList id={form.errorId} errors={form.errors} />
				<FileField id="issue-pdf" name="file" label="The issue (a PDF, up to 20 MB)" accept="application/pdf" errors={fileErrors.file} required />
				<FileField id="issue-cover" name="cover" label="Cover picture (optional: one is drawn from the title)" accept="image/jpeg,image/png,image/webp" errors={fileErrors.cover} />
				<TextField meta={fields.sTitle} label="Title" />
				<TextField meta={fields.sMonth} label="Month" type="month" />
				<TextareaField meta={fields.sSummary} label="Summary" rows={3} className="sm:col-span-2" />
				<TextareaField meta={fields.sContents} label="Contents (one heading a line)" rows={5} className="sm:col-span-2" />
				<CheckboxField meta={fields.bIsPublished} label="Published: the public sees it" className="sm:col-span-2" />
				<div className="sm:col-span-2">
					<SubmitButton disabled={busy}>{busy ? 'Uploading…' : 'Add the issue'}</SubmitButton>
				</div>
			</Form>
		</OfficePage>
	)
}

export default function OfficeNewsletters({ loaderData: { issues, creating }, actionData }: Route.ComponentProps) {
	if (creating) return <NewIssue actionData={actionData} />
	return (
		<OfficePage
			title="Newsletters"
			lead="Unpublished issues are invisible to the public."
			actions={
				<Link to="/office/newsletters/new" className={buttonClass()}>
					New issue
				</Link>
			}
		>
			{issues.length === 0 ? (
				<p className="text-slate-700">No issues yet.</p>
			) : (
				<OfficeTable caption="Newsletter issues" headings={['Issue', 'Month', 'State', 'PDF', '']}>
					{issues.map((issue) => (
						<tr key={issue.iRecordId}>
							<td className={cellClass}>{issue.sTitle}</td>
							<td className={cellClass}>{formatMonth(`${issue.sMonth}-01`)}</td>
							<td className={cellClass}>{issue.bIsPublished ? 'Published' : 'Draft'}</td>
							<td className={cellClass}>
								{issue.nPageCount} pages, {Math.ceil(issue.nPdfBytes / 1024)} KB
							</td>
							<td className={cellClass}>
								<Link to={`/office/newsletters/${issue.iRecordId}`} className={linkClass}>
									Edit<span className="sr-only"> {issue.sTitle}</span>
								</Link>
							</td>
						</tr>
					))}
				</OfficeTable>
			)}
		</OfficePage>
	)
}
