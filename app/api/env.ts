// What every handler of the branch API reads from its context: the dependencies the server gives
// createApi (app.ts). A module of its own, importing only types, so that the areas app.ts mounts
// never import app.ts.
import type { KeyObject } from 'node:crypto'
import type { Context } from 'hono'
import type { Logger } from 'pino'
import type { PasswordCost } from './crypto/passwords'
import type { SignInPool } from './crypto/sign-in-pool'
import type { Billing, BranchIdentity, BranchSettings } from './branch-settings'
import type { Database } from './db/client'
import { ApiError } from './http'
import type { JobQueue } from './jobs/queue'
import type { Mailer } from './mail/mailer'
import type { Pacer } from './mail/pacer'

export type AccountDeps = {
	privateKey: KeyObject
	publicKeyPem: string
	mailer: Mailer
	passwordCost: PasswordCost
	/** Where password fields are decrypted and passwords hashed (sign-in-pool.ts). */
	signInPool: SignInPool
	branchName: string
}

export type MailDeps = {
	mailer: Mailer
	jobs: Pick<JobQueue, 'sendMailing'>
	pacer: Pacer
	/** The portal's public address, for links in mail. */
	publicUrl: string
	/** Where media files are served from: a newsletter mail links to its PDF there. */
	mediaBaseUrl: string
	/** Signs the links in mail to subscribers (confirm, unsubscribe). */
	signingKey: string
	/** Signs tickets (app/api/tickets/ticket-code.ts): the reminder prints the reader's. */
	ticketSecret: string
	branch: BranchIdentity
	/** The branch's billing identity, for the tax documents a mail carries (a paid fee's invoice, a refund's credit note). */
	billing: Billing
	/** How long before an event its reminder goes out. */
	reminderLeadHours: number
	/** How long a freed seat is held for the person offered it. */
	offerHoldHours: number
}

/** `accounts`, `settings` and `mail` are left out by tests of other areas; their calls then answer 503. */
export type ApiDeps = {
	db: Database
	mediaBaseUrl: string
	log: Logger
	accounts?: AccountDeps
	settings?: BranchSettings
	mail?: MailDeps
	/** The newest backup's time and whether one is taken nightly, for the office dashboard; left out, it shows none. */
	backups?: () => Promise<{ lastGoodAt: Date | null; nightly: boolean }>
	/**
	 * A live deployment: staff in the roles that must have two-factor sign-in (TWO_FACTOR_ROLES)
	 * turn it on before any other office call (decisions 0048 and 0061).
	 */
	requireTwoFactor?: boolean
}
/** `clientAddress` is bound by the portal for each call (routes/api.ts, the in-process client). */
export type ApiEnv = { Variables: { deps: ApiDeps }; Bindings: { clientAddress?: string } | undefined }

export function accountDeps(c: Context<ApiEnv>) {
	const deps = c.get('deps').accounts
	if (!deps) throw new ApiError(503, 'Accounts are not available on this server.')
	return deps
}

export function mailDeps(c: Context<ApiEnv>) {
	const deps = c.get('deps').mail
	if (!deps) throw new ApiError(503, 'Mail is not available on this server.')
	return deps
}

export function branchSettings(c: Context<ApiEnv>) {
	const deps = c.get('deps').settings
	if (!deps) throw new ApiError(503, 'The member dashboard is not available on this server.')
	return deps
}
