// Where media files are served from (contract: app/contract/site.ts).
import { Hono } from 'hono'
import { siteEndpoints } from '~/contract/site'
import type { ApiEnv } from '../app'
import { handle } from '../endpoints'

export const mediaRoutes = new Hono<ApiEnv>()

handle(mediaRoutes, siteEndpoints.mediaUrl, async ({ deps }) => ({ message: 'Media base address', data: deps.mediaBaseUrl }))
