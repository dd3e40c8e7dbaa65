// POST /office/gallery/{iRecordId}/photos: the album page's upload with JavaScript on, one photo a
// request so the page can show each one's progress. Answers the API's JSON as it came.
import { data } from 'react-router'
import { officeCaller, officeMiddleware } from '~/.server/office-caller'
import { apiTable } from '~/contract/table'
import { recordIdParam } from '~/.server/replies'
import { forwardPhotos } from '~/.server/office-gallery'
import { OFFICE_GALLERY_MESSAGES } from '~/contract/office/gallery'
import type { Route } from './+types/album-photos'

/** Outside the office layout: the same one read of the office session. */
export const middleware: Route.MiddlewareFunction[] = [officeMiddleware]

export async function action(args: Route.ActionArgs) {
	const { api } = officeCaller(args, apiTable.officeGallery.addPhotos)
	const answer = await forwardPhotos(api, recordIdParam(args.params.iRecordId, OFFICE_GALLERY_MESSAGES.notFound), await args.request.formData())
	if (answer.ok) return Response.json({ message: answer.message }, { status: 201 })
	return Response.json({ message: answer.message, errors: answer.errors }, { status: answer.status < 500 ? answer.status : 400 })
}

export function loader() {
	throw data('Add photos from the album’s page.', { status: 405 })
}
