import { Hono } from 'hono'
import { API_PATHS } from '~/contract/api'
import type { ApiEnv } from '../app'
import { okPublic } from '../http'

export const mediaRoutes = new Hono<ApiEnv>().get(API_PATHS.mediaUrl, (c) => okPublic(c, 3600, 'Media base address', c.get('deps').mediaBaseUrl))
