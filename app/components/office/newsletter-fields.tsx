// An issue's words and publishing, as the new-issue page and an issue's own page ask for them.
import type { ComponentProps } from 'react'
import { CheckboxField, TextareaField, TextField } from '~/components/forms'

type FieldMeta = ComponentProps<typeof TextField>['meta']

export function NewsletterFields({ fields }: { fields: Record<'sTitle' | 'sMonth' | 'sSummary' | 'sContents' | 'bIsPublished', FieldMeta> }) {
	return (
		<>
			<TextField meta={fields.sTitle} label="Title" />
			<TextField meta={fields.sMonth} label="Month" type="month" />
			<TextareaField meta={fields.sSummary} label="Summary" rows={3} className="sm:col-span-2" />
			<TextareaField meta={fields.sContents} label="Contents (one heading a line)" rows={5} className="sm:col-span-2" />
			<CheckboxField meta={fields.bIsPublished} label="Published: the public sees it" className="sm:col-span-2" />
		</>
	)
}
