import pino from 'pino'
import { errorSerializers } from '~/api'
import { getConfig } from './config'

// One JSON line per event; request lines are written by server/app.ts. Headers, bodies and
// query strings are never logged, and an error's bound query values are withheld, so tokens,
// OTPs and passwords cannot reach the log.
export const logger = pino({ level: getConfig().logLevel, base: undefined, serializers: errorSerializers })
