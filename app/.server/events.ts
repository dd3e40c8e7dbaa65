import { z } from 'zod'
import { eventListQuerySchema } from '~/contract/events'
import { unstorableTextErrors } from '~/contract/storable-text'

/** The events page's filters from its address: the query for the API, or what is wrong with each. */
export function readEventFilters(raw: Record<string, string>) {
	// Said beside the search, as the API would refuse it.
	const unstorable = unstorableTextErrors(raw)
	if (unstorable) return { query: null, errors: unstorable }
	const parsed = eventListQuerySchema.safeParse(raw)
	return parsed.success ? { query: parsed.data, errors: null } : { query: null, errors: z.flattenError(parsed.error).fieldErrors }
}
