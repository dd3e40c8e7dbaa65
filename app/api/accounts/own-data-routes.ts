// The signed-in person's own data (contract: app/contract/own-data.ts): the download, and closing
// the account with the code mailed for it. Both go to the office's audit log, naming the account only.
import { Hono } from 'hono'
import { OWN_DATA_MESSAGES, ownDataEndpoints } from '~/contract/own-data'
import { ApiError } from '../http'
import { handle } from '../endpoints'
import { ACCOUNT_HOLDER, recordAudit } from '../shared/audit'
import { enforceRateLimits } from '../rate-limit'
import { formatIndiaMomentLong } from '~/utils/kolkata-date'
import { checkNothingOpen, closeAccount } from './closure'
import { collectOwnData } from './own-data'
import { ACCOUNT_LIMITS } from './routes'
import { consumeOtp } from './service'
import { accountDeps, type ApiEnv } from '../env'

export const ownDataRoutes = new Hono<ApiEnv>()

handle(ownDataRoutes, ownDataEndpoints.download, async ({ c, deps: { db }, caller: { account } }) => {
	await enforceRateLimits(c, [{ key: `my-data:${account.id}`, ...ACCOUNT_LIMITS.downloadPerAccount }])
	const data = await collectOwnData(db, account)
	await recordAudit(db, ACCOUNT_HOLDER, {
		action: 'download-data',
		entity: 'account',
		entityId: account.id,
		summary: 'The account holder downloaded their data',
	})
	return { message: OWN_DATA_MESSAGES.download, data }
})

handle(ownDataRoutes, ownDataEndpoints.close, async ({ c, deps: { db }, caller: { account, role }, body: form }) => {
	await enforceRateLimits(c, [{ key: `close:${account.id}`, ...ACCOUNT_LIMITS.closePerAccount }])
	if (form.sEmail !== account.email)
		throw new ApiError(400, 'Please correct the highlighted fields.', { sEmail: ["This is not your account's e-mail address"] })
	await checkNothingOpen(db, account.id)
	// Nothing is erased unless the code is right: a wrong one ends here, and still counts as a try.
	await consumeOtp(c, { email: account.email, role, purpose: 'close' }, form.nOtp)
	const closed = await closeAccount(db, account.id)
	// The address is gone from the database now; this mail is the last one it gets, in case it was not the owner's doing.
	const { mailer, branchName } = accountDeps(c)
	const text =
		`Your account at the ${branchName} portal was closed on ${formatIndiaMomentLong(closed.dClosedAt)} (India time), with a one-time password sent to this address. Your personal data has been erased; tax invoices and credit notes are kept as GST law requires.\n\n` +
		'If you did not ask for this, please tell the branch office at once.\n'
	void mailer
		.send({ to: account.email, subject: 'Your account is closed', text })
		.catch((error: unknown) => c.get('deps').log.error({ err: error }, 'An account closure notice could not be mailed'))
	return { message: OWN_DATA_MESSAGES.closed, data: closed }
})
