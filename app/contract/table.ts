// The branch API's calls, area by area: the one table both the API (app/api/endpoints.ts) and the
// portal's typed client (app/.server/typed-api.ts) are built from.
import { eventEndpoints } from './events'

export const apiTable = {
	events: eventEndpoints,
} as const

export type ApiTable = typeof apiTable
