import { API_PATHS, type Page, type PageSlug } from '~/contract/api'
import { readPublic } from './public-api'

/** Reads an information page through the API client; a missing page is the layout's 404. */
export const loadPage = (slug: PageSlug) => readPublic<Page>(API_PATHS.page(slug))
