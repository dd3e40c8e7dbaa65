// /office/newsletters/{iRecordId}: an issue's title, month, summary, contents and whether it is
// published; deleting it is its own page (newsletter-delete.tsx).
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { officeForm } from '~/.server/office-form'
import { issueIdOf, loadIssue } from '~/.server/office-records'
import { apiTable } from '~/contract/table'
import { dataOf, loadMediaBaseUrl } from '~/.server/replies'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { schemaChecks, useCheckedForm } from '~/components/checked-form'
import { ErrorList, SubmitButton, useIsSubmitting } from '~/components/forms'
import { ConflictNotice } from '~/components/office/conflict-notice'
import { NewsletterFields } from '~/components/office/newsletter-fields'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import { newsletterFieldsSchema, OFFICE_NEWSLETTER_MESSAGES } from '~/contract/office/newsletters'
import type { Route } from './+types/newsletter'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeNewsletters.update)
	const [issue, mediaBaseUrl] = await Promise.all([loadIssue(api, args.params), loadMediaBaseUrl(api)])
	const formSpec = { constraint: getZodConstraint(newsletterFieldsSchema), conflictMessage: OFFICE_NEWSLETTER_MESSAGES.conflict }
	return { issue, mediaBaseUrl, formSpec }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeNewsletters.update)
	const iRecordId = issueIdOf(args.params)
	const formData = await args.request.formData()
	return officeForm(formData, {
		schema: newsletterFieldsSchema,
		call: (value) => api.officeNewsletters.update({ iRecordId, body: { ...value, nVersion: Number(formData.get('nVersion')) } }),
		done: (answer) => redirectWithOfficeAlert(session, `/office/newsletters/${iRecordId}`, answer.message),
		conflict: async (yours) => {
			const current = dataOf(await api.officeNewsletters.list({})).find((item) => item.iRecordId === iRecordId)
			if (!current) return null
			const fields = [
				{ label: 'Title', yours: yours.sTitle, current: current.sTitle },
				{ label: 'Summary', yours: yours.sSummary, current: current.sSummary },
				{ label: 'Published', yours: yours.bIsPublished ? 'yes' : 'no', current: current.bIsPublished ? 'yes' : 'no' },
			]
			return { fields, nVersion: current.nVersion }
		},
	})
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.issue.sTitle} | Office` : 'Newsletter | Office' }]

export default function OfficeNewsletter({ loaderData: { issue, mediaBaseUrl, formSpec }, actionData }: Route.ComponentProps) {
	const refused = actionData as { conflict?: { label: string; yours: string; current: string }[]; currentVersion?: number } | undefined
	const [form, fields, formProps] = useCheckedForm({
		id: `newsletter-${issue.iRecordId}`,
		lastResult: actionData?.result,
		constraint: formSpec.constraint,
		shouldValidate: 'onBlur',
		checks: schemaChecks(() => import('~/contract/office/newsletters').then((contract) => contract.newsletterFieldsSchema)),
		defaultValue: {
			sTitle: issue.sTitle,
			sMonth: issue.sMonth,
			sSummary: issue.sSummary,
			sContents: issue.aContents.join('\n'),
			bIsPublished: issue.bIsPublished ? 'on' : undefined,
		},
	})
	const busy = useIsSubmitting()
	return (
		<OfficePage
			title={issue.sTitle}
			lead={
				<>
					<Link to="/office/newsletters" className={linkClass}>
						All issues
					</Link>
					{` · ${issue.bIsPublished ? 'Published' : 'Draft'} · `}
					<a href={`${mediaBaseUrl}${issue.sPdfPath}`} className={linkClass}>
						The PDF ({issue.nPageCount} pages)
					</a>
				</>
			}
			actions={
				<>
					<Link to={`/office/newsletters/${issue.iRecordId}/mailing`} className={linkClass}>
						Mail to subscribers
					</Link>
					<Link to={`/office/newsletters/${issue.iRecordId}/delete`} className={linkClass}>
						Delete
					</Link>
				</>
			}
		>
			{refused?.conflict ? <ConflictNotice message={formSpec.conflictMessage} fields={refused.conflict} /> : null}
			<Form method="post" {...formProps} className="grid gap-4 sm:grid-cols-2">
				<input type="hidden" name="nVersion" value={refused?.currentVersion ?? issue.nVersion} />
				<ErrorList id={form.errorId} errors={form.errors} />
				<NewsletterFields fields={fields} />
				<div className="sm:col-span-2">
					<SubmitButton disabled={busy}>{busy ? 'Saving…' : 'Save the issue'}</SubmitButton>
				</div>
			</Form>
		</OfficePage>
	)
}
