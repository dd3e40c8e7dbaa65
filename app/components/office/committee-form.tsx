// A committee's title, description and order: the form that adds a committee, and the one on the
// committee's page (without `committee`, a new one).
import type { SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { schemaChecks, useCheckedForm, type FormConstraint } from '~/components/checked-form'
import { ErrorList, SubmitButton, TextareaField, TextField, useIsSubmitting } from '~/components/forms'
import type { OfficeCommittee } from '~/contract/office/committees'

type Props = { committee?: OfficeCommittee; constraint: FormConstraint; lastResult?: SubmissionResult<string[]>; version?: number }

export function CommitteeForm({ committee, constraint, lastResult, version }: Props) {
	const [form, fields, formProps] = useCheckedForm({
		id: committee ? `committee-${committee.iCommitteeId}` : 'new-committee',
		lastResult,
		constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: schemaChecks(() => import('~/contract/office/committees').then((contract) => contract.committeeFieldsSchema)),
		defaultValue: committee ? { sTitle: committee.sTitle, sDescription: committee.sDescription, nSortOrder: String(committee.nSortOrder) } : undefined,
	})
	const busy = useIsSubmitting()
	return (
		<Form method="post" {...formProps} className="grid gap-4 sm:grid-cols-2">
			{committee ? <input type="hidden" name="nVersion" value={version ?? committee.nVersion} /> : null}
			<ErrorList id={form.errorId} errors={form.errors} />
			<TextField meta={fields.sTitle} label="Title" className="sm:col-span-2" />
			<TextareaField meta={fields.sDescription} label="Description (optional)" rows={3} className="sm:col-span-2" />
			<TextField meta={fields.nSortOrder} label="Order on the committees page (0 first)" type="number" inputMode="numeric" />
			<div className="sm:col-span-2">
				<SubmitButton disabled={busy}>{committee ? (busy ? 'Saving…' : 'Save the committee') : busy ? 'Adding…' : 'Add the committee'}</SubmitButton>
			</div>
		</Form>
	)
}
