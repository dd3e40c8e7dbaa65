// The album's upload form: several photos in one file field and the description they share (each
// photo's own can be corrected after). Without JavaScript it is one multipart post; with it, each
// photo is sent on its own so its progress can be shown, and the page is read again at the end.
import type { SubmissionResult } from '@conform-to/react'
import { useState } from 'react'
import { Form, useRevalidator } from 'react-router'
import { schemaChecks, useCheckedForm, type FormConstraint } from '~/components/checked-form'
import { ErrorList, SubmitButton, TextField, useIsSubmitting } from '~/components/forms'
import { FileField } from '~/components/office/file-field'

type FileProgress = { name: string; percent: number; outcome: 'waiting' | 'sending' | 'added' | 'refused'; message?: string }
type Props = { uploadUrl: string; constraint: FormConstraint; maxPhotos: number; lastResult?: SubmissionResult<string[]>; fileErrors?: string[] }

/** A photo's description and caption, checked as the server does: here and in the album's photo list. */
export const photoChecks = schemaChecks(() => import('~/contract/office/gallery').then((contract) => contract.photoFieldsSchema))

export function PhotoUpload({ uploadUrl, constraint, maxPhotos, lastResult, fileErrors }: Props) {
	const [form, fields, formProps] = useCheckedForm({
		id: 'add-photos',
		lastResult,
		constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: photoChecks,
		// Typed here, so the form's fields take their types from the checks.
		onSubmit(event, { formData }: { formData: FormData }) {
			event.preventDefault()
			void uploadEach(event.currentTarget, formData)
		},
	})
	const [progress, setProgress] = useState<FileProgress[]>([])
	const [fileError, setFileError] = useState<string | null>(null)
	const revalidator = useRevalidator()
	const posting = useIsSubmitting('photos')
	const sending = progress.some((item) => item.outcome === 'sending' || item.outcome === 'waiting')

	/** Called once the schema's checks passed (an invalid form is stopped with its errors shown). */
	async function uploadEach(formElement: HTMLFormElement, data: FormData) {
		const files = data.getAll('photos').filter((value): value is File => value instanceof File && value.size > 0)
		if (files.length === 0) return setFileError('Choose one or more photos')
		if (files.length > maxPhotos) return setFileError(`Choose at most ${maxPhotos} photos at a time`)
		setFileError(null)
		// Only an upload needs this code, so it comes with the first one.
		const { refusalOf, uploadWithProgress } = await import('~/utils/upload-with-progress')
		setProgress(files.map((file) => ({ name: file.name, percent: 0, outcome: 'waiting' })))
		const update = (index: number, change: Partial<FileProgress>) =>
			setProgress((items) => items.map((item, i) => (i === index ? { ...item, ...change } : item)))
		for (const [index, file] of files.entries()) {
			update(index, { outcome: 'sending' })
			const one = new FormData()
			one.set('photos', file)
			one.set('sAlt', String(data.get('sAlt') ?? ''))
			one.set('sCaption', String(data.get('sCaption') ?? ''))
			const answer = await uploadWithProgress(uploadUrl, one, (percent) => update(index, { percent }))
			const added = answer.status === 201
			update(index, { outcome: added ? 'added' : 'refused', percent: added ? 100 : 0, message: added ? undefined : refusalOf(answer) })
		}
		formElement.reset()
		void revalidator.revalidate()
	}

	return (
		<section aria-labelledby="add-photos-title" className="mt-10">
			<h2 id="add-photos-title" className="text-xl font-semibold text-brand-900">
				Add photos
			</h2>
			<Form method="post" encType="multipart/form-data" {...formProps} className="mt-3 grid gap-3 rounded border border-slate-200 p-4 sm:grid-cols-2">
				<ErrorList id={form.errorId} errors={form.errors} />
				<div className="sm:col-span-2">
					<FileField
						id="album-photos"
						name="photos"
						label={`Photos (JPEG, PNG or WebP; up to ${maxPhotos} at a time, 5 MB each)`}
						accept="image/jpeg,image/png,image/webp"
						multiple
						required
						errors={fileError ? [fileError] : fileErrors}
					/>
				</div>
				<TextField
					meta={fields.sAlt}
					label="What the photos show (for people who cannot see them)"
					hint="Every photo gets this description; correct each one below after."
					maxLength={200}
				/>
				<TextField meta={fields.sCaption} label="Caption (optional)" maxLength={200} />
				<div className="sm:col-span-2">
					<SubmitButton name="intent" value="photos" disabled={posting || sending}>
						{posting || sending ? 'Uploading…' : 'Add the photos'}
					</SubmitButton>
				</div>
			</Form>
			{progress.length > 0 ? (
				<ul aria-live="polite" className="mt-3 space-y-2">
					{progress.map((item, index) => (
						<li key={`${index}-${item.name}`} className="grid gap-1 sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-center">
							<span className="break-all">
								{item.name}:{' '}
								{item.outcome === 'added'
									? 'added'
									: item.outcome === 'refused'
										? `not added. ${item.message}`
										: item.outcome === 'sending'
											? `${item.percent}%`
											: 'waiting'}
							</span>
							<progress max={100} value={item.percent} aria-label={`Upload of ${item.name}`} className="w-full" />
						</li>
					))}
				</ul>
			) : null}
		</section>
	)
}
