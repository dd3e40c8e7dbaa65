// /office/gallery: the photo albums, drafts included; /office/gallery/new starts one (its title,
// day and description), after which its page takes the photos.
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { officeForm } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { dataOf } from '~/.server/replies'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { schemaChecks, useCheckedForm, type FormConstraint } from '~/components/checked-form'
import { buttonClass, CheckboxField, ErrorList, SubmitButton, TextareaField, TextField, useIsSubmitting } from '~/components/forms'
import { cellClass, linkClass, OfficePage, OfficeTable } from '~/components/office/office-nav'
import { albumFieldsSchema } from '~/contract/office/gallery'
import { formatDay } from '~/utils/kolkata-date'
import type { Route } from './+types/albums'

const isNew = (url: URL) => url.pathname.endsWith('/new')

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeGallery.list)
	return { albums: isNew(args.url) ? [] : dataOf(await api.officeGallery.list({})), creating: isNew(args.url), constraint: getZodConstraint(albumFieldsSchema) }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeGallery.list)
	return officeForm(await args.request.formData(), {
		schema: albumFieldsSchema,
		call: (body) => api.officeGallery.create({ body }),
		done: (answer) => redirectWithOfficeAlert(session, `/office/gallery/${answer.data.iRecordId}`, answer.message),
	})
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.creating ? 'New album | Office' : 'Gallery | Office' }]

function NewAlbum({ constraint, actionData }: { constraint: FormConstraint; actionData: Route.ComponentProps['actionData'] }) {
	const [form, fields, formProps] = useCheckedForm({
		id: 'new-album',
		lastResult: actionData?.result,
		constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: schemaChecks(() => import('~/contract/office/gallery').then((contract) => contract.albumFieldsSchema)),
	})
	const busy = useIsSubmitting()
	return (
		<OfficePage title="New album" lead={<Link to="/office/gallery" className={linkClass}>All albums</Link>}>
			<Form method="post" {...formProps} className="grid gap-4 sm:grid-cols-2">
				<ErrorList id={form.errorId} errors={form.errors} />
				<TextField meta={fields.sTitle} label="Title" />
				<TextField meta={fields.dDate} label="Day of the event" type="date" />
				<TextareaField meta={fields.sDescription} label="Description (optional)" rows={3} className="sm:col-span-2" />
				<CheckboxField meta={fields.bIsPublished} label="Published: the public sees it (you can publish after adding the photos)" className="sm:col-span-2" />
				<div className="sm:col-span-2">
					<SubmitButton disabled={busy}>{busy ? 'Adding…' : 'Add the album'}</SubmitButton>
				</div>
			</Form>
		</OfficePage>
	)
}

export default function OfficeAlbums({ loaderData: { albums, creating, constraint }, actionData }: Route.ComponentProps) {
	if (creating) return <NewAlbum constraint={constraint} actionData={actionData} />
	return (
		<OfficePage
			title="Gallery"
			lead="Unpublished albums are invisible to the public."
			actions={
				<Link to="/office/gallery/new" className={buttonClass()}>
					New album
				</Link>
			}
		>
			{albums.length === 0 ? (
				<p className="text-slate-700">No albums yet.</p>
			) : (
				<OfficeTable caption="Photo albums" headings={['Album', 'Day', 'Photos', 'State', '']}>
					{albums.map((album) => (
						<tr key={album.iRecordId}>
							<td className={cellClass}>{album.sTitle}</td>
							<td className={cellClass}>{formatDay(album.dDate)}</td>
							<td className={cellClass}>{album.nPhotoCount}</td>
							<td className={cellClass}>{album.bIsPublished ? 'Published' : 'Draft'}</td>
							<td className={cellClass}>
								<Link to={`/office/gallery/${album.iRecordId}`} className={linkClass}>
									Edit<span className="sr-only"> {album.sTitle}</span>
								</Link>
							</td>
						</tr>
					))}
				</OfficeTable>
			)}
		</OfficePage>
	)
}
