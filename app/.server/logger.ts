import pino from 'pino'
import { getConfig } from './config'

// One JSON line per event; request lines are written by server/app.ts. Headers, bodies and
// query strings are never logged, so tokens, OTPs and passwords cannot reach the log.
export const logger = pino({ level: getConfig().logLevel, base: undefined })
