import { Hono } from 'hono'
import { API_PATHS } from '~/contract/api'
import type { ApiEnv } from '../app'
import { ok } from '../http'

export const mediaRoutes = new Hono<ApiEnv>().get(API_PATHS.mediaUrl, (c) =>
	ok(c, 'Media base address', c.get('deps').mediaBaseUrl),
)
