// The accounts area of the branch API, as one router for app.ts.
import { Hono } from 'hono'
import { ownDataRoutes } from './own-data-routes'
import { accountProfileRoutes } from './profile-routes'
import { accountRoutes } from './routes'
import type { ApiEnv } from '../env'

export const accountsApi = new Hono<ApiEnv>().route('/', accountRoutes).route('/', accountProfileRoutes).route('/', ownDataRoutes)
