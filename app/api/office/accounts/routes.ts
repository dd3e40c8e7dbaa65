// The office's account calls (contract: app/contract/office/accounts.ts).
import { Hono } from 'hono'
import { OFFICE_ACCOUNT_MESSAGES, officeAccountEndpoints } from '~/contract/office/accounts'
import { handle } from '../../endpoints'
import { recordAudit } from '../../shared/audit'
import { accountDetails, correctAccount, listAccounts, releaseNumber, setAccountDisabled, toSummary } from './service'
import { accountDeps, type ApiEnv } from '../../env'

export const officeAccountRoutes = new Hono<ApiEnv>()

/** What an entry's summary says of the person, for erasing when they close the account. */
const personOf = (account: { number: string; fullName: string }) => [account.number, account.fullName]

handle(officeAccountRoutes, officeAccountEndpoints.list, async ({ deps, query }) => ({
	message: OFFICE_ACCOUNT_MESSAGES.list,
	data: await listAccounts(deps.db, query),
}))

handle(officeAccountRoutes, officeAccountEndpoints.details, async ({ deps, params }) => ({
	message: OFFICE_ACCOUNT_MESSAGES.account,
	data: await accountDetails(deps.db, params.iAccountId),
}))

handle(officeAccountRoutes, officeAccountEndpoints.correct, async ({ c, deps, caller, params, body }) => {
	const { mailer, branchName } = accountDeps(c)
	const { account, before, changed } = await correctAccount(deps.db, params.iAccountId, body)
	if (changed.length > 0) {
		await recordAudit(deps.db, caller.staff, {
			action: 'update',
			entity: 'account',
			entityId: account.id,
			summary: `Corrected ${changed.join(', ')} of ${account.number} (${account.fullName})`,
			particulars: personOf(account),
		})
	}
	if (changed.includes('email')) {
		// Both addresses hear of it: the old one in case the change was not the owner's wish.
		const branch = deps.settings?.branch
		const text = [
			`The branch office changed the e-mail address of your ${branchName} account from ${before.email} to ${account.email}.`,
			'You have been signed out everywhere; sign in again with the new address.',
			branch
				? `If you did not ask for this, call the branch office on ${branch.phone}, write to ${branch.email}, or visit it at ${branch.address}.`
				: 'If you did not ask for this, please contact the branch office.',
		].join('\n\n')
		const sent = await Promise.allSettled(
			[before.email, account.email].map((to) => mailer.send({ to, subject: `${branchName}: your e-mail address was changed`, text })),
		)
		// The correction stands either way; a mail that could not go is the log's to tell.
		for (const result of sent) if (result.status === 'rejected') deps.log.warn({ err: result.reason, accountId: account.id }, 'E-mail change notice not sent')
	}
	return { message: changed.length > 0 ? OFFICE_ACCOUNT_MESSAGES.corrected : OFFICE_ACCOUNT_MESSAGES.nothingChanged, data: toSummary(account) }
})

handle(officeAccountRoutes, officeAccountEndpoints.disable, async ({ deps, caller, params }) => {
	const account = await setAccountDisabled(deps.db, params.iAccountId, true)
	await recordAudit(deps.db, caller.staff, {
		action: 'disable',
		entity: 'account',
		entityId: account.id,
		summary: `Disabled ${account.number} (${account.fullName})`,
		particulars: personOf(account),
	})
	return { message: OFFICE_ACCOUNT_MESSAGES.disabled, data: toSummary(account) }
})

handle(officeAccountRoutes, officeAccountEndpoints.enable, async ({ deps, caller, params }) => {
	const account = await setAccountDisabled(deps.db, params.iAccountId, false)
	await recordAudit(deps.db, caller.staff, {
		action: 'enable',
		entity: 'account',
		entityId: account.id,
		summary: `Enabled ${account.number} (${account.fullName})`,
		particulars: personOf(account),
	})
	return { message: OFFICE_ACCOUNT_MESSAGES.enabled, data: toSummary(account) }
})

handle(officeAccountRoutes, officeAccountEndpoints.releaseNumber, async ({ deps, caller, params }) => {
	const account = await releaseNumber(deps.db, params.iAccountId)
	await recordAudit(deps.db, caller.staff, {
		action: 'release-number',
		entity: 'account',
		entityId: account.id,
		summary: `Released number ${account.releasedNumber} from ${account.fullName}`,
		particulars: [account.releasedNumber!, account.fullName],
	})
	return { message: OFFICE_ACCOUNT_MESSAGES.released, data: toSummary(account) }
})
