// /office/newsletters/new: adds an issue (its PDF, an optional cover picture, title, month, summary
// and contents) in one multipart form.
import { getZodConstraint } from '@conform-to/zod/v4'
import { useState } from 'react'
import { Form, Link, useNavigate } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { officeForm } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { forwardNewIssue } from '~/.server/office-newsletters'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { schemaChecks, useCheckedForm } from '~/components/checked-form'
import { ErrorList, SubmitButton, useIsSubmitting } from '~/components/forms'
import { FileField } from '~/components/office/file-field'
import { NewsletterFields } from '~/components/office/newsletter-fields'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import { newsletterFieldsSchema } from '~/contract/office/newsletters'
import type { Route } from './+types/newsletter-new'

export function loader(args: Route.LoaderArgs) {
	officeCaller(args, apiTable.officeNewsletters.create)
	return { constraint: getZodConstraint(newsletterFieldsSchema) }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeNewsletters.create)
	const formData = await args.request.formData()
	return officeForm(formData, {
		schema: newsletterFieldsSchema,
		call: () => forwardNewIssue(api, formData),
		done: (answer) => redirectWithOfficeAlert(session, `/office/newsletters/${answer.data.iRecordId}`, answer.message),
	})
}

export const meta: Route.MetaFunction = () => [{ title: 'New newsletter issue | Office' }]

/**
 * Without JavaScript the form posts whole to this page; with it, the same checked form goes to
 * /office/newsletters/upload so the PDF's progress shows, and the page moves to the new issue.
 */
export default function NewsletterNew({ loaderData: { constraint }, actionData }: Route.ComponentProps) {
	const navigate = useNavigate()
	const [progress, setProgress] = useState<number | null>(null)
	const [refusal, setRefusal] = useState<{ message: string; errors: Record<string, string[]> } | null>(null)
	const [form, fields, formProps] = useCheckedForm({
		id: 'new-newsletter',
		lastResult: actionData?.result,
		constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: schemaChecks(() => import('~/contract/office/newsletters').then((contract) => contract.newsletterFieldsSchema)),
		// Typed here, so the form's fields take their types from the checks.
		async onSubmit(event, { formData }: { formData: FormData }) {
			event.preventDefault()
			setRefusal(null)
			setProgress(0)
			// Only an upload needs this code, so it comes with the first one.
			const { refusalOf, uploadWithProgress } = await import('~/utils/upload-with-progress')
			const answer = await uploadWithProgress('/office/newsletters/upload', formData, setProgress)
			setProgress(null)
			if (answer.status === 201 && answer.body.location) return navigate(answer.body.location)
			setRefusal({ message: answer.body.message ?? refusalOf(answer), errors: answer.body.errors ?? {} })
		},
	})
	const busy = useIsSubmitting() || progress !== null
	const fileErrors = (refusal?.errors ?? actionData?.result.error ?? {}) as Record<string, string[] | null | undefined>
	const otherErrors = refusal ? Object.entries(refusal.errors).flatMap(([name, errors]) => (name === 'file' || name === 'cover' ? [] : errors)) : []
	return (
		<OfficePage
			title="New newsletter issue"
			lead={
				<Link to="/office/newsletters" className={linkClass}>
					All issues
				</Link>
			}
		>
			<Form method="post" encType="multipart/form-data" {...formProps} className="grid gap-4 sm:grid-cols-2">
				<ErrorList id={form.errorId} errors={refusal ? [refusal.message, ...otherErrors] : form.errors} />
				<FileField id="issue-pdf" name="file" label="The issue (a PDF, up to 20 MB)" accept="application/pdf" errors={fileErrors.file ?? undefined} required />
				<FileField
					id="issue-cover"
					name="cover"
					label="Cover picture (optional: one is drawn from the title)"
					accept="image/jpeg,image/png,image/webp"
					errors={fileErrors.cover ?? undefined}
				/>
				<NewsletterFields fields={fields} />
				<div className="sm:col-span-2">
					<SubmitButton disabled={busy}>{busy ? 'Uploading…' : 'Add the issue'}</SubmitButton>
					{progress !== null ? <progress max={100} value={progress} aria-label="Upload of the issue" className="mt-3 block w-full" /> : null}
				</div>
			</Form>
		</OfficePage>
	)
}
