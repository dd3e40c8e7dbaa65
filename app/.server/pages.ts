import type { PageSlug } from '~/contract/api'
import { siteEndpoints } from '~/contract/site'
import { readPublicEntry } from './public-api'

/** Reads an information page through the API client, checked against the contract; a missing page is the layout's 404. */
export const loadPage = (sSlug: PageSlug) => readPublicEntry(siteEndpoints.page, { sSlug })
