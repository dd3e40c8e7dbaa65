// Files the API answers (receipts, certificates) passed on to the browser as they stream in.
import type { ApiFile } from './api-client'

/** A person's own document: never kept in a shared cache, never sniffed as another type. */
export function fileResponse(file: ApiFile) {
	return new Response(file.stream, {
		headers: {
			'content-type': file.contentType,
			...(file.contentDisposition ? { 'content-disposition': file.contentDisposition } : {}),
			'cache-control': 'private, no-store',
			'x-content-type-options': 'nosniff',
		},
	})
}
