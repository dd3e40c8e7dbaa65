// Loads the gallery and the newsletter archive for the pages, through the API client only.
import { data } from 'react-router'
import { GALLERY_API_PATHS, type AlbumDetail, type AlbumListQuery, type AlbumSummary, type ListPage } from '~/contract/gallery'
import { NEWSLETTER_API_PATHS, type NewsletterListPage, type NewsletterListQuery } from '~/contract/newsletters'
import type { QueryValue } from '~/contract/query-string'
import { getRuntime } from './runtime'

async function read<T>(path: string, query?: Record<string, QueryValue>) {
	const { callApi } = await getRuntime()
	const answer = await callApi<T>({ path, query })
	if (answer.status === 404) throw data(null, { status: 404 })
	if (!answer.ok || answer.body.data === undefined) throw new Error(`The API answered ${answer.status} for ${path}`)
	return answer.body.data
}

export const loadAlbums = (query: AlbumListQuery = {}) => read<ListPage<AlbumSummary>>(GALLERY_API_PATHS.albums, query)
export const loadAlbum = (iRecordId: string) => read<AlbumDetail>(GALLERY_API_PATHS.album(encodeURIComponent(iRecordId)))
export const loadNewsletters = (query: NewsletterListQuery = {}) => read<NewsletterListPage>(NEWSLETTER_API_PATHS.list, query)
