// An album's title, day, description and publishing: the form that starts an album, and the one
// on the album's page (without `album`, a new one).
import type { SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { schemaChecks, useCheckedForm, type FormConstraint } from '~/components/checked-form'
import { CheckboxField, ErrorList, SubmitButton, TextareaField, TextField, useIsSubmitting } from '~/components/forms'
import type { OfficeAlbum } from '~/contract/office/gallery'

type Props = { album?: OfficeAlbum; constraint: FormConstraint; lastResult?: SubmissionResult<string[]>; version?: number }

export function AlbumForm({ album, constraint, lastResult, version }: Props) {
	const [form, fields, formProps] = useCheckedForm({
		id: album ? `album-${album.iRecordId}` : 'new-album',
		lastResult,
		constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: schemaChecks(() => import('~/contract/office/gallery').then((contract) => contract.albumFieldsSchema)),
		defaultValue: album
			? { sTitle: album.sTitle, dDate: album.dDate, sDescription: album.sDescription, bIsPublished: album.bIsPublished ? 'on' : undefined }
			: undefined,
	})
	// The album's page has its photos' forms too: its save says which form it is.
	const intent = album ? 'save' : undefined
	const busy = useIsSubmitting(intent)
	return (
		<Form method="post" {...formProps} className="grid gap-4 sm:grid-cols-2">
			{album ? <input type="hidden" name="nVersion" value={version ?? album.nVersion} /> : null}
			<ErrorList id={form.errorId} errors={form.errors} />
			<TextField meta={fields.sTitle} label="Title" />
			<TextField meta={fields.dDate} label="Day of the event" type="date" />
			<TextareaField meta={fields.sDescription} label="Description (optional)" rows={3} className="sm:col-span-2" />
			<CheckboxField
				meta={fields.bIsPublished}
				label={album ? 'Published: the public sees it' : 'Published: the public sees it (you can publish after adding the photos)'}
				className="sm:col-span-2"
			/>
			<div className="sm:col-span-2">
				<SubmitButton name={intent ? 'intent' : undefined} value={intent} disabled={busy}>
					{album ? (busy ? 'Saving…' : 'Save the album') : busy ? 'Adding…' : 'Add the album'}
				</SubmitButton>
			</div>
		</Form>
	)
}
