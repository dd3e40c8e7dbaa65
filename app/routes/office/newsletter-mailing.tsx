// /office/newsletters/{iRecordId}/mailing: mail a published issue to the subscribers. A test to
// the staff member's own address first, then "Send to N subscribers"; the progress (sent, failed,
// left) follows while it goes out, and the failed can be sent again.
import { getZodConstraint } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { officeAction, officeForm, alertOutcome } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { dataOf, recordIdParam } from '~/.server/replies'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { schemaChecks, useCheckedForm } from '~/components/checked-form'
import { ErrorList, SubmitButton, TextField, useIsSubmitting } from '~/components/forms'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import { MAILING_MESSAGES, testMailSchema } from '~/contract/mailings'
import { MailingProgress, useRefreshWhileSending } from '~/components/office/mailing-progress'
import type { Route } from './+types/newsletter-mailing'
import { counted } from '~/contract/vocabulary'

const issueId = (params: { iRecordId?: string }) => recordIdParam(params.iRecordId, MAILING_MESSAGES.notFound)

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeMailings.status)
	const iRecordId = issueId(args.params)
	const [issues, mailing] = await Promise.all([api.officeNewsletters.list({}).then(dataOf), api.officeMailings.status({ iRecordId }).then(dataOf)])
	const issue = issues.find((item) => item.iRecordId === iRecordId)
	if (!issue) throw data(MAILING_MESSAGES.notFound, { status: 404 })
	const testForm = { constraint: getZodConstraint(testMailSchema), notPublished: MAILING_MESSAGES.notPublished }
	return { issue: { iRecordId, sTitle: issue.sTitle, bIsPublished: issue.bIsPublished }, mailing, testForm }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeMailings.status)
	const iRecordId = issueId(args.params)
	const here = `/office/newsletters/${iRecordId}/mailing`
	return officeAction(args.request, {
		test: (formData) =>
			officeForm(formData, {
				schema: testMailSchema,
				call: (body) => api.officeMailings.test({ iRecordId, body }),
				done: (answer, { sEmail }) => redirectWithOfficeAlert(session, here, `${answer.message} (to ${sEmail})`),
			}),
		send: async () => alertOutcome(session, await api.officeMailings.send({ iRecordId }), here),
		'retry-failed': async () => alertOutcome(session, await api.officeMailings.retryFailed({ iRecordId }), here),
	})
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `Mail “${loaderData.issue.sTitle}” | Office` : 'Mail an issue | Office' }]

export default function OfficeNewsletterMailing({ loaderData: { issue, mailing, testForm }, actionData }: Route.ComponentProps) {
	const busy = useIsSubmitting()
	const progress = mailing.oProgress
	const sending = Boolean(progress && progress.nLeft > 0)
	useRefreshWhileSending(sending)
	const [form, fields, formProps] = useCheckedForm({
		id: 'test-mail',
		// The error goes while typing, not on blur: on blur the button would move under the pointer.
		shouldRevalidate: 'onInput',
		lastResult: actionData?.result,
		constraint: testForm.constraint,
		shouldValidate: 'onBlur',
		checks: schemaChecks(() => import('~/contract/mailings').then((contract) => contract.testMailSchema)),
		defaultValue: { sEmail: mailing.sTestEmail ?? '' },
	})
	const here = `/office/newsletters/${issue.iRecordId}/mailing`
	return (
		<OfficePage
			title={`Mail “${issue.sTitle}”`}
			lead={
				<>
					<Link to={`/office/newsletters/${issue.iRecordId}`} className={linkClass}>
						The issue
					</Link>
					{` · ${counted(mailing.nSubscribers, 'subscriber')} who confirmed their address. Each gets one mail with a link to the issue's PDF and a link to unsubscribe.`}
				</>
			}
		>
			<div className="grid gap-6 lg:grid-cols-2">
				<Form method="post" {...formProps} className="grid content-start gap-4 rounded border border-slate-300 p-4">
					<h2 className="text-xl font-semibold text-brand-900">1. Send yourself a test</h2>
					<ErrorList id={form.errorId} errors={form.errors} />
					<TextField meta={fields.sEmail} label="Your e-mail address" type="email" autoComplete="email" />
					<div>
						<SubmitButton name="intent" value="test" tone="secondary" disabled={busy}>
							Send a test
						</SubmitButton>
					</div>
				</Form>
				<div className="grid content-start gap-4">
					{!progress ? (
						<Form method="post" className="grid gap-3 rounded border border-slate-300 p-4">
							<h2 className="text-xl font-semibold text-brand-900">2. Send the issue</h2>
							{!issue.bIsPublished ? <p className="text-red-800">{testForm.notPublished}</p> : null}
							<div>
								<SubmitButton name="intent" value="send" disabled={busy || !issue.bIsPublished || mailing.nSubscribers === 0}>
									{`Send to ${counted(mailing.nSubscribers, 'subscriber')}`}
								</SubmitButton>
							</div>
						</Form>
					) : (
						<>
							<MailingProgress progress={progress} skippedNote="they left the list while the issue was going out" />
							{sending ? (
								<p>
									<Link to={here} className={linkClass}>
										See how far it has got
									</Link>
								</p>
							) : null}
							{progress.nFailed > 0 ? (
								<Form method="post">
									<SubmitButton name="intent" value="retry-failed" tone="secondary" disabled={busy}>
										{`Send again to the ${progress.nFailed} failed`}
									</SubmitButton>
								</Form>
							) : null}
						</>
					)}
				</div>
			</div>
		</OfficePage>
	)
}
