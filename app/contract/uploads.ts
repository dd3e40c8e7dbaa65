// The calls whose bodies exceed the API's JSON limit, read from their contract entries: the API caps
// each at its `maxBodyBytes` (app/api/app.ts), and the server caps the pages whose forms carry them
// (server/app.ts); both refuse a larger body with 413 before reading it, in these words.
import { FILE_MAX_BYTES, MB, pathPattern, type Endpoint, type Method, type UploadKind } from './endpoint'
import { GALLERY_UPLOAD_MAX_PHOTOS } from './office/gallery'
import { apiTable } from './table'

const pictureLimit = `A picture can be at most ${FILE_MAX_BYTES.picture / MB} MB.`
const pdfLimit = `A PDF can be at most ${FILE_MAX_BYTES.pdf / MB} MB.`

/** What a 413 says for each kind: its message, and the form field whose error says what is allowed. */
export const TOO_LARGE: Record<UploadKind, { message: string; field: string; advice: string }> = {
	picture: { message: 'The picture is too large.', field: 'file', advice: pictureLimit },
	photos: {
		message: 'The photos are too large.',
		field: 'photos',
		advice: `Upload at most ${GALLERY_UPLOAD_MAX_PHOTOS} photos of up to ${FILE_MAX_BYTES.picture / MB} MB each at a time.`,
	},
	pdf: { message: 'The PDF is too large.', field: 'file', advice: pdfLimit },
	'pdf-and-cover': { message: 'The files are too large.', field: 'file', advice: `${pdfLimit} ${pictureLimit}` },
}

/** A page form carries the upload and a few text fields besides. */
const PAGE_FORM_FIELDS_BYTES = MB

type Limited = Endpoint & { maxBodyBytes: number }
const limited = Object.values(apiTable)
	.flatMap((area) => Object.values(area) as Endpoint[])
	.filter((entry): entry is Limited => entry.maxBodyBytes !== undefined)

/** The API's calls with their own limits: method, full path (with /api) and the 413 they answer. */
export const apiBodyLimits = (apiPrefix: string) =>
	limited.map((entry) => ({
		method: entry.method as Method,
		path: pathPattern(entry.path, { prefix: apiPrefix }),
		bytes: entry.maxBodyBytes,
		tooLarge: entry.upload ? TOO_LARGE[entry.upload] : undefined,
	}))

/** The portal's pages whose forms carry an upload (`.data`: the same post made by JavaScript), with their limits. */
export const pageBodyLimits = limited.flatMap(({ formPages = [], maxBodyBytes, upload }) =>
	upload
		? formPages.map((page) => ({
				page: pathPattern(page, { suffix: '(\\.data)?' }),
				bytes: maxBodyBytes + PAGE_FORM_FIELDS_BYTES,
				advice: TOO_LARGE[upload].advice,
			}))
		: [],
)
