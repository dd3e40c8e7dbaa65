// /office/gallery/{iRecordId}: an album's title, day, description and publishing, its photos (order,
// cover, descriptions) and the upload of more; /delete and /photos/{iPhotoId}/delete ask first.
import type { SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { officeAction, officeForm, alertOutcome } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { dataOf, recordIdParam } from '~/.server/replies'
import { loadMediaBaseUrl } from '~/.server/replies'
import { schemaChecks, useCheckedForm } from '~/components/checked-form'
import { CheckboxField, ErrorList, SubmitButton, TextareaField, TextField, useIsSubmitting } from '~/components/forms'
import { AlbumPhotos } from '~/components/office/album-photos'
import { ConfirmPage } from '~/components/office/confirm-page'
import { ConflictNotice, type ConflictField } from '~/components/office/conflict-notice'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import { PhotoUpload } from '~/components/office/photo-upload'
import { ResponsiveImg } from '~/components/responsive-image'
import { albumFieldsSchema, GALLERY_UPLOAD_MAX_PHOTOS, OFFICE_GALLERY_MESSAGES, photoFieldsSchema, type OfficeAlbum } from '~/contract/office/gallery'
import { forwardPhotos, nextArrangement } from '~/.server/office-gallery'
import type { Route } from './+types/album'

const albumIdOf = (params: { iRecordId?: string }) => recordIdParam(params.iRecordId, OFFICE_GALLERY_MESSAGES.notFound)
const photoIdOf = (params: { iPhotoId?: string }) => (params.iPhotoId === undefined ? null : recordIdParam(params.iPhotoId, OFFICE_GALLERY_MESSAGES.photoNotFound))
const deleting = (url: URL) => url.pathname.endsWith('/delete')

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeGallery.details)
	const [album, mediaBaseUrl] = await Promise.all([api.officeGallery.details({ iRecordId: albumIdOf(args.params) }).then(dataOf), loadMediaBaseUrl(api)])
	const iPhotoId = photoIdOf(args.params)
	const photo = iPhotoId === null ? null : album.aPhotos.find((item) => item.iRecordId === iPhotoId)
	if (photo === undefined) throw data(OFFICE_GALLERY_MESSAGES.photoNotFound, { status: 404 })
	// What the page's forms ask of their fields; the browser loads the schemas only for their checks.
	const forms = {
		album: getZodConstraint(albumFieldsSchema),
		photo: getZodConstraint(photoFieldsSchema),
		maxPhotos: GALLERY_UPLOAD_MAX_PHOTOS,
		conflictMessage: OFFICE_GALLERY_MESSAGES.conflict,
	}
	return { album, mediaBaseUrl, confirm: deleting(args.url) ? { photo } : null, forms }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeGallery.details)
	const iRecordId = albumIdOf(args.params)
	const albumPage = `/office/gallery/${iRecordId}`
	const iPhotoId = photoIdOf(args.params)
	if (deleting(args.url)) {
		if (iPhotoId !== null) throw await alertOutcome(session, await api.officeGallery.removePhoto({ iRecordId, iPhotoId }), albumPage)
		throw await alertOutcome(session, await api.officeGallery.remove({ iRecordId }), '/office/gallery', albumPage)
	}
	const photoOf = (formData: FormData) => recordIdParam(String(formData.get('iPhotoId')), OFFICE_GALLERY_MESSAGES.photoNotFound)
	const arrange = (move: 'earlier' | 'later' | 'cover') => async (formData: FormData) => {
		const album = dataOf(await api.officeGallery.details({ iRecordId }))
		return alertOutcome(session, await api.officeGallery.arrange({ iRecordId, body: nextArrangement(album, photoOf(formData), move) }), albumPage)
	}
	return officeAction(
		args.request,
		{
			photos: async (formData) => {
				const answer = await forwardPhotos(api, iRecordId, formData)
				if (answer.ok) return alertOutcome(session, answer, albumPage)
				const submission = parseWithZod(formData, { schema: photoFieldsSchema })
				const { photos, ...rest } = answer.errors ?? {}
				return data({ upload: submission.reply({ formErrors: photos ? [] : [answer.message], fieldErrors: rest }), photoErrors: photos }, { status: answer.status < 500 ? answer.status : 400 })
			},
			describe: (formData) => {
				const photoId = photoOf(formData)
				return officeForm(formData, {
					schema: photoFieldsSchema,
					extra: { iPhotoId: photoId },
					call: (body) => api.officeGallery.updatePhoto({ iRecordId, iPhotoId: photoId, body }),
					done: (answer) => alertOutcome(session, answer, albumPage),
				})
			},
			earlier: arrange('earlier'),
			later: arrange('later'),
			cover: arrange('cover'),
			save: (formData) =>
				officeForm(formData, {
					schema: albumFieldsSchema,
					call: (value) => api.officeGallery.update({ iRecordId, body: { ...value, nVersion: Number(formData.get('nVersion')) } }),
					done: (answer) => alertOutcome(session, answer, albumPage),
					conflict: async (yours) => {
						const current = dataOf(await api.officeGallery.details({ iRecordId }))
						const fields: ConflictField[] = [
							{ label: 'Title', yours: yours.sTitle, current: current.sTitle },
							{ label: 'Day', yours: yours.dDate, current: current.dDate },
							{ label: 'Description', yours: yours.sDescription ?? '', current: current.sDescription },
							{ label: 'Published', yours: yours.bIsPublished ? 'yes' : 'no', current: current.bIsPublished ? 'yes' : 'no' },
						]
						return { fields, nVersion: current.nVersion }
					},
				}),
		},
		'save',
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.album.sTitle} | Office` : 'Album | Office' }]

function ConfirmAlbumDelete({ album, confirm, mediaBaseUrl }: { album: OfficeAlbum; confirm: NonNullable<Route.ComponentProps['loaderData']['confirm']>; mediaBaseUrl: string }) {
	const { photo } = confirm
	return (
		<ConfirmPage
			title={photo ? `Delete this photo from “${album.sTitle}”?` : `Delete “${album.sTitle}”?`}
			confirmLabel={photo ? 'Delete the photo' : 'Delete the album'}
			keepTo={`/office/gallery/${album.iRecordId}`}
		>
			{photo ? (
				<figure className="max-w-md">
					<ResponsiveImg image={photo.oImage} mediaBaseUrl={mediaBaseUrl} sizes="28rem" className="aspect-[3/2] w-full object-cover" />
					<figcaption className="mt-1">{photo.sAlt}</figcaption>
				</figure>
			) : (
				<p className="text-lg">
					The album and its {album.nPhotoCount} {album.nPhotoCount === 1 ? 'photo go' : 'photos go'} from the gallery for good. To take it off the public pages for a while, unpublish it instead.
				</p>
			)}
		</ConfirmPage>
	)
}

type Refused = {
	conflict?: ConflictField[]
	currentVersion?: number
	iPhotoId?: number
	upload?: SubmissionResult<string[]>
	photoErrors?: string[]
}

export default function OfficeAlbum({ loaderData: { album, mediaBaseUrl, confirm, forms }, actionData }: Route.ComponentProps) {
	const refused = actionData as (Refused & { result?: SubmissionResult<string[]> }) | undefined
	const albumResult = refused?.iPhotoId === undefined ? refused?.result : undefined
	const [form, fields, formProps] = useCheckedForm({
		id: `album-${album.iRecordId}`,
		lastResult: albumResult,
		constraint: forms.album,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: schemaChecks(() => import('~/contract/office/gallery').then((contract) => contract.albumFieldsSchema)),
		defaultValue: { sTitle: album.sTitle, dDate: album.dDate, sDescription: album.sDescription, bIsPublished: album.bIsPublished ? 'on' : undefined },
	})
	const busy = useIsSubmitting('save')
	if (confirm) return <ConfirmAlbumDelete album={album} confirm={confirm} mediaBaseUrl={mediaBaseUrl} />
	return (
		<OfficePage
			title={album.sTitle}
			lead={
				<>
					<Link to="/office/gallery" className={linkClass}>
						All albums
					</Link>
					{` · ${album.bIsPublished ? 'Published' : 'Draft: the public does not see it'} · `}
					{album.bIsPublished ? (
						<Link to={`/gallery/view-gallery/${album.iRecordId}`} className={linkClass}>
							Public page
						</Link>
					) : null}
				</>
			}
			actions={
				<Link to={`/office/gallery/${album.iRecordId}/delete`} className={linkClass}>
					Delete the album
				</Link>
			}
		>
			{refused?.conflict ? <ConflictNotice message={forms.conflictMessage} fields={refused.conflict} /> : null}
			<Form method="post" {...formProps} className="grid gap-4 sm:grid-cols-2">
				<input type="hidden" name="nVersion" value={refused?.currentVersion ?? album.nVersion} />
				<ErrorList id={form.errorId} errors={form.errors} />
				<TextField meta={fields.sTitle} label="Title" />
				<TextField meta={fields.dDate} label="Day of the event" type="date" />
				<TextareaField meta={fields.sDescription} label="Description (optional)" rows={3} className="sm:col-span-2" />
				<CheckboxField meta={fields.bIsPublished} label="Published: the public sees it" className="sm:col-span-2" />
				<div className="sm:col-span-2">
					<SubmitButton name="intent" value="save" disabled={busy}>
						{busy ? 'Saving…' : 'Save the album'}
					</SubmitButton>
				</div>
			</Form>
			<AlbumPhotos album={album} mediaBaseUrl={mediaBaseUrl} constraint={forms.photo} describeResult={refused?.iPhotoId !== undefined && refused.result ? { iPhotoId: refused.iPhotoId, result: refused.result } : undefined} />
			<PhotoUpload uploadUrl={`/office/gallery/${album.iRecordId}/photos`} constraint={forms.photo} maxPhotos={forms.maxPhotos} lastResult={refused?.upload} fileErrors={refused?.photoErrors} />
		</OfficePage>
	)
}
