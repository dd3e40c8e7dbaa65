// Office records are edited by several people: each carries a version number, an edit form sends
// back the version it was opened with, and a stale one is refused (409) instead of overwriting.
import { z } from 'zod'

export const nVersionSchema = z.coerce
	.number({ error: 'The form is missing its version; open it again.' })
	.int('The form is missing its version; open it again.')
	.min(0, 'The form is missing its version; open it again.')

/** "This event was changed by someone else since you opened it." */
export const conflictMessage = (thing: string) => `This ${thing} was changed by someone else since you opened it`

export const VERSION_CONFLICT_STATUS = 409
