// The API's face to the portal: what app/.server and server/ may take from app/api besides
// start.ts (startApi). The configuration's types and defaults, the table and database types the
// portal's sessions are kept in, the log's serializers and the sandbox checkout's signature.
export type { BranchSettings, RazorpaySettings } from './branch-settings'
export { defaultBackupDir } from './backups/backup'
export { RAZORPAY_API_URL, RAZORPAY_CHECKOUT_SCRIPT } from './payments/razorpay'
export { staffSettingsFromText } from './shared/office-users'
export type { Database, DatabaseHandle } from './db/client'
export { sessions } from './db/schema'
export { errorSerializers } from './log-errors'
export { signCallback } from './payments/providers'
