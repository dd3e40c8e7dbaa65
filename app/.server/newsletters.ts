// The newsletters page's filters from its address: it uses the API's filter names, and a value the
// API would refuse is simply left out.
import { z } from 'zod'
import { newsletterListQuerySchema } from '~/contract/newsletters'

const filterShape = newsletterListQuerySchema.shape.oFilter.unwrap().shape
const addressSchema = z.object({
	nYear: filterShape.nYear.catch(undefined),
	nMonth: filterShape.nMonth.catch(undefined),
	sSearch: filterShape.sSearch.catch(undefined),
	nPage: z.coerce.number().int().min(1).max(10_000).catch(1),
})

export const readNewsletterFilters = (url: URL) => addressSchema.parse(Object.fromEntries(url.searchParams))
