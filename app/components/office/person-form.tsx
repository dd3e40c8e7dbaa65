// A committee person's name, role, term and order, and their message (paragraphs separated by a
// blank line) with its publishing: the form that adds a person, and the one on the person's page
// (without `person`, a new one).
import type { SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { schemaChecks, useCheckedForm, type FormConstraint } from '~/components/checked-form'
import { CheckboxField, ErrorList, SubmitButton, TextareaField, TextField, useIsSubmitting } from '~/components/forms'
import type { OfficePerson } from '~/contract/office/committees'

type Props = { person?: OfficePerson; constraint: FormConstraint; lastResult?: SubmissionResult<string[]>; version?: number }

export function PersonForm({ person, constraint, lastResult, version }: Props) {
	const [form, fields, formProps] = useCheckedForm({
		id: `person-${person?.iPersonId ?? 'new'}`,
		lastResult,
		constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: schemaChecks(() => import('~/contract/office/committees').then((contract) => contract.personFieldsSchema)),
		defaultValue: person
			? {
					sFullName: person.sFullName,
					sRole: person.sRole,
					dTermStart: person.dTermStart,
					dTermEnd: person.dTermEnd,
					nSortOrder: String(person.nSortOrder),
					sMessageTitle: person.sMessageTitle,
					sMessage: person.aMessage.join('\n\n'),
					bMessagePublished: person.bMessagePublished ? 'on' : undefined,
				}
			: undefined,
	})
	// The person's page has its portrait's forms too: the save says which form it is.
	const busy = useIsSubmitting('save')
	return (
		<Form method="post" {...formProps} className="grid gap-4 sm:grid-cols-2">
			{person ? <input type="hidden" name="nVersion" value={version ?? person.nVersion} /> : null}
			<ErrorList id={form.errorId} errors={form.errors} />
			<TextField meta={fields.sFullName} label="Name" autoComplete="off" />
			<TextField meta={fields.sRole} label="Role" hint="Chairman, Secretary, Member…" />
			<TextField meta={fields.dTermStart} label="Term starts" type="date" />
			<TextField meta={fields.dTermEnd} label="Term ends" type="date" />
			<TextField meta={fields.nSortOrder} label="Order within the committee (0 first)" type="number" inputMode="numeric" />
			<TextField meta={fields.sMessageTitle} label="Message title (if they have a message)" hint="Like “Chairman’s message”" className="sm:col-start-1" />
			<TextareaField meta={fields.sMessage} label="Message (optional; a blank line between paragraphs)" rows={10} className="sm:col-span-2" />
			<CheckboxField meta={fields.bMessagePublished} label="Message published: the public sees it" className="sm:col-span-2" />
			<div className="sm:col-span-2">
				<SubmitButton name="intent" value="save" disabled={busy}>
					{busy ? 'Saving…' : person ? 'Save the person' : 'Add the person'}
				</SubmitButton>
			</div>
		</Form>
	)
}
