// The accounts area of the branch API, as one router for app.ts.
import { Hono } from 'hono'
import type { ApiEnv } from '../app'
import { ownDataRoutes } from './own-data-routes'
import { accountProfileRoutes } from './profile-routes'
import { accountRoutes } from './routes'

export const accountsApi = new Hono<ApiEnv>().route('/', accountRoutes).route('/', accountProfileRoutes).route('/', ownDataRoutes)
export { UPLOAD_PATH_PATTERN } from './profile-routes'
export type { AccountDeps } from './service'
