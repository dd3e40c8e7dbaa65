// The office's account calls (contract: app/contract/office-accounts.ts).
import { Hono } from 'hono'
import { OFFICE_ACCOUNT_MESSAGES, officeAccountEndpoints } from '~/contract/office-accounts'
import type { ApiEnv } from '../../app'
import { accountDeps } from '../../accounts/service'
import { handle } from '../../endpoints'
import { accountDetails, correctAccount, listAccounts, releaseNumber, setAccountDisabled, toSummary } from './service'

export const officeAccountRoutes = new Hono<ApiEnv>()

handle(officeAccountRoutes, officeAccountEndpoints.list, async ({ deps, query }) => ({ message: OFFICE_ACCOUNT_MESSAGES.list, data: await listAccounts(deps.db, query) }))

handle(officeAccountRoutes, officeAccountEndpoints.details, async ({ deps, params }) => ({ message: OFFICE_ACCOUNT_MESSAGES.account, data: await accountDetails(deps.db, params.iAccountId) }))

handle(officeAccountRoutes, officeAccountEndpoints.correct, async ({ c, deps, params, body }) => {
	const { mailer, branchName } = accountDeps(c)
	const { account, before, changed } = await correctAccount(deps.db, params.iAccountId, body)
	if (changed.includes('email')) {
		// Both addresses hear of it: the old one in case the change was not the owner's wish.
		const text = `The branch office changed the e-mail address of your ${branchName} account from ${before.email} to ${account.email}. If you did not ask for this, please contact the branch office.`
		const sent = await Promise.allSettled([before.email, account.email].map((to) => mailer.send({ to, subject: `${branchName}: your e-mail address was changed`, text })))
		// The correction stands either way; a mail that could not go is the log's to tell.
		for (const result of sent) if (result.status === 'rejected') deps.log.warn({ err: result.reason, accountId: account.id }, 'E-mail change notice not sent')
	}
	return { message: changed.length > 0 ? OFFICE_ACCOUNT_MESSAGES.corrected : OFFICE_ACCOUNT_MESSAGES.nothingChanged, data: toSummary(account) }
})

handle(officeAccountRoutes, officeAccountEndpoints.disable, async ({ deps, params }) => ({
	message: OFFICE_ACCOUNT_MESSAGES.disabled,
	data: toSummary(await setAccountDisabled(deps.db, params.iAccountId, true)),
}))

handle(officeAccountRoutes, officeAccountEndpoints.enable, async ({ deps, params }) => ({
	message: OFFICE_ACCOUNT_MESSAGES.enabled,
	data: toSummary(await setAccountDisabled(deps.db, params.iAccountId, false)),
}))

handle(officeAccountRoutes, officeAccountEndpoints.releaseNumber, async ({ deps, params }) => ({
	message: OFFICE_ACCOUNT_MESSAGES.released,
	data: toSummary(await releaseNumber(deps.db, params.iAccountId)),
}))
