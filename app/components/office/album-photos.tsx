// An album's photos in the office: each with its description and caption (corrected in place),
// moved earlier or later, made the cover, or deleted (after a confirmation page). Plain posts
// that work without JavaScript; the description is checked by the same schema in the browser.
import type { SubmissionResult } from '@conform-to/react'
import { Form, Link } from 'react-router'
import { photoChecks } from './photo-upload'
import { useCheckedForm, type FormConstraint } from '~/components/checked-form'
import { ErrorList, SubmitButton, TextField, useIsSubmitting } from '~/components/forms'
import { linkClass } from '~/components/office/office-nav'
import { ResponsiveImg } from '~/components/responsive-image'
import type { OfficeAlbum, OfficePhoto } from '~/contract/office/gallery'

const smallButton =
	'min-h-11 rounded border border-brand-700 bg-white px-3 font-medium text-brand-800 hover:bg-brand-50 disabled:border-slate-300 disabled:text-slate-400'

function PhotoDescription({ photo, constraint, lastResult }: { photo: OfficePhoto; constraint: FormConstraint; lastResult?: SubmissionResult<string[]> }) {
	const [form, fields, formProps] = useCheckedForm({
		id: `photo-${photo.iRecordId}`,
		lastResult,
		constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: photoChecks,
		defaultValue: { sAlt: photo.sAlt, sCaption: photo.sCaption },
	})
	const busy = useIsSubmitting({ iPhotoId: String(photo.iRecordId) })
	return (
		<Form method="post" {...formProps} className="mt-2 space-y-2">
			<input type="hidden" name="iPhotoId" value={photo.iRecordId} />
			<ErrorList id={form.errorId} errors={form.errors} />
			<TextField meta={fields.sAlt} label="What it shows" maxLength={200} />
			<TextField meta={fields.sCaption} label="Caption (optional)" maxLength={200} />
			<SubmitButton name="intent" value="describe" tone="secondary" disabled={busy}>
				Save<span className="sr-only"> the description of photo {photo.sAlt}</span>
			</SubmitButton>
		</Form>
	)
}

type Props = { album: OfficeAlbum; mediaBaseUrl: string; constraint: FormConstraint; describeResult?: { iPhotoId: number; result: SubmissionResult<string[]> } }

export function AlbumPhotos({ album, mediaBaseUrl, constraint, describeResult }: Props) {
	const photos = album.aPhotos
	const coverId = album.iCoverPhotoId ?? photos[0]?.iRecordId
	return (
		<section aria-labelledby="photos-title" className="mt-10">
			<h2 id="photos-title" className="text-xl font-semibold text-brand-900">
				Photos ({photos.length})
			</h2>
			{photos.length === 0 ? <p className="mt-2 text-slate-700">No photos yet. Add them below; the first is the cover unless you choose another.</p> : null}
			<ol className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
				{photos.map((photo, index) => (
					<li key={photo.iRecordId} className="rounded border border-slate-200 p-3">
						<ResponsiveImg
							image={photo.oImage}
							mediaBaseUrl={mediaBaseUrl}
							sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
							className="aspect-[3/2] w-full object-cover"
						/>
						<p className="mt-1 text-sm font-medium text-slate-800">
							Photo {index + 1} of {photos.length}
							{photo.iRecordId === coverId ? ' · the cover' : ''}
						</p>
						<Form method="post" className="mt-2 flex flex-wrap gap-2">
							<input type="hidden" name="iPhotoId" value={photo.iRecordId} />
							<button type="submit" name="intent" value="earlier" disabled={index === 0} className={smallButton}>
								Earlier<span className="sr-only"> (photo {index + 1})</span>
							</button>
							<button type="submit" name="intent" value="later" disabled={index === photos.length - 1} className={smallButton}>
								Later<span className="sr-only"> (photo {index + 1})</span>
							</button>
							{photo.iRecordId === coverId ? null : (
								<button type="submit" name="intent" value="cover" className={smallButton}>
									Make it the cover<span className="sr-only"> (photo {index + 1})</span>
								</button>
							)}
						</Form>
						<PhotoDescription
							photo={photo}
							constraint={constraint}
							lastResult={describeResult?.iPhotoId === photo.iRecordId ? describeResult.result : undefined}
						/>
						<p className="mt-2">
							<Link to={`/office/gallery/${album.iRecordId}/photos/${photo.iRecordId}/delete`} className={linkClass}>
								Delete<span className="sr-only"> photo {index + 1}</span>
							</Link>
						</p>
					</li>
				))}
			</ol>
		</section>
	)
}
