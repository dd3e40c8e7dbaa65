// /office/gallery/{iRecordId}: an album's title, day, description and publishing, its photos (order,
// cover, descriptions) and the upload of more; deleting the album or a photo is a page of its own
// (album-delete.tsx, photo-delete.tsx).
import type { SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { officeAction, officeForm, alertOutcome } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { dataOf, loadMediaBaseUrl, recordIdParam } from '~/.server/replies'
import { AlbumForm } from '~/components/office/album-form'
import { AlbumPhotos } from '~/components/office/album-photos'
import { ConflictNotice, type ConflictField } from '~/components/office/conflict-notice'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import { PhotoUpload } from '~/components/office/photo-upload'
import { albumFieldsSchema, GALLERY_UPLOAD_MAX_PHOTOS, OFFICE_GALLERY_MESSAGES, photoFieldsSchema } from '~/contract/office/gallery'
import { forwardPhotos, nextArrangement } from '~/.server/office-gallery'
import { albumIdOf, loadAlbum } from '~/.server/office-records'
import type { Route } from './+types/album'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeGallery.details)
	const [album, mediaBaseUrl] = await Promise.all([loadAlbum(api, args.params), loadMediaBaseUrl(api)])
	// What the page's forms ask of their fields; the browser loads the schemas only for their checks.
	const forms = {
		album: getZodConstraint(albumFieldsSchema),
		photo: getZodConstraint(photoFieldsSchema),
		maxPhotos: GALLERY_UPLOAD_MAX_PHOTOS,
		conflictMessage: OFFICE_GALLERY_MESSAGES.conflict,
	}
	return { album, mediaBaseUrl, forms }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeGallery.details)
	const iRecordId = albumIdOf(args.params)
	const albumPage = `/office/gallery/${iRecordId}`
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
				return data(
					{ upload: submission.reply({ formErrors: photos ? [] : [answer.message], fieldErrors: rest }), photoErrors: photos },
					{ status: answer.status < 500 ? answer.status : 400 },
				)
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

type Refused = {
	conflict?: ConflictField[]
	currentVersion?: number
	iPhotoId?: number
	upload?: SubmissionResult<string[]>
	photoErrors?: string[]
}

export default function OfficeAlbum({ loaderData: { album, mediaBaseUrl, forms }, actionData }: Route.ComponentProps) {
	const refused = actionData as (Refused & { result?: SubmissionResult<string[]> }) | undefined
	const albumResult = refused?.iPhotoId === undefined ? refused?.result : undefined
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
			<AlbumForm album={album} constraint={forms.album} lastResult={albumResult} version={refused?.currentVersion} />
			<AlbumPhotos
				album={album}
				mediaBaseUrl={mediaBaseUrl}
				constraint={forms.photo}
				describeResult={refused?.iPhotoId !== undefined && refused.result ? { iPhotoId: refused.iPhotoId, result: refused.result } : undefined}
			/>
			<PhotoUpload
				uploadUrl={`/office/gallery/${album.iRecordId}/photos`}
				constraint={forms.photo}
				maxPhotos={forms.maxPhotos}
				lastResult={refused?.upload}
				fileErrors={refused?.photoErrors}
			/>
		</OfficePage>
	)
}
