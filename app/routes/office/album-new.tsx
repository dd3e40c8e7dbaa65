// /office/gallery/new: starts an album (its title, day and description), after which its page
// takes the photos.
import { getZodConstraint } from '@conform-to/zod/v4'
import { Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { officeForm } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { AlbumForm } from '~/components/office/album-form'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import { albumFieldsSchema } from '~/contract/office/gallery'
import type { Route } from './+types/album-new'

export function loader(args: Route.LoaderArgs) {
	officeCaller(args, apiTable.officeGallery.create)
	return { constraint: getZodConstraint(albumFieldsSchema) }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeGallery.create)
	return officeForm(await args.request.formData(), {
		schema: albumFieldsSchema,
		call: (body) => api.officeGallery.create({ body }),
		done: (answer) => redirectWithOfficeAlert(session, `/office/gallery/${answer.data.iRecordId}`, answer.message),
	})
}

export const meta: Route.MetaFunction = () => [{ title: 'New album | Office' }]

export default function AlbumNew({ loaderData: { constraint }, actionData }: Route.ComponentProps) {
	return (
		<OfficePage
			title="New album"
			lead={
				<Link to="/office/gallery" className={linkClass}>
					All albums
				</Link>
			}
		>
			<AlbumForm constraint={constraint} lastResult={actionData?.result} />
		</OfficePage>
	)
}
