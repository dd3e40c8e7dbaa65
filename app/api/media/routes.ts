// Where media files are served from (contract: app/contract/site.ts).
import { Hono } from 'hono'
import { siteEndpoints } from '~/contract/site'
import { handle } from '../endpoints'
import type { ApiEnv } from '../env'

export const mediaRoutes = new Hono<ApiEnv>()

handle(mediaRoutes, siteEndpoints.mediaUrl, async ({ deps }) => ({ message: 'Media base address', data: deps.mediaBaseUrl }))
