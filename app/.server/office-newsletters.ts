// The new-issue upload as the API takes it, from the page's form (posted whole without JavaScript,
// or sent with progress to the upload endpoint with it).
import type { OfficeContext } from './office-session'

const UPLOAD_FIELDS = ['file', 'cover', 'sTitle', 'sMonth', 'sSummary', 'sContents', 'bIsPublished'] as const

export function forwardNewIssue(api: OfficeContext['api'], formData: FormData) {
	const upload = new FormData()
	for (const name of UPLOAD_FIELDS) {
		const value = formData.get(name)
		if (value !== null) upload.set(name, value)
	}
	return api.officeNewsletters.create({ body: upload })
}
