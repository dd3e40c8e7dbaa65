import { Hono } from 'hono'
import { API_PATHS } from '~/contract/api'
import type { ApiEnv } from '../app'
import { ok } from '../http'

export const mediaRoutes = new Hono<ApiEnv>().get(API_PATHS.mediaUrl, (c) => {
	c.header('Cache-Control', 'public, max-age=3600')
	return ok(c, 'Media base address', c.get('deps').mediaBaseUrl)
})
