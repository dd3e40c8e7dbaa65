import { data } from 'react-router'
import { API_PATHS, type Page, type PageSlug } from '~/contract/api'
import { getRuntime } from './runtime'

/** Reads an information page through the API client; a missing page is the layout's 404. */
export async function loadPage(slug: PageSlug) {
	const { callApi } = await getRuntime()
	const answer = await callApi<Page>({ path: API_PATHS.page(slug) })
	if (answer.status === 404) throw data(null, { status: 404 })
	if (!answer.ok || !answer.body.data) throw new Error(`The API answered ${answer.status} for page ${slug}`)
	return answer.body.data
}
