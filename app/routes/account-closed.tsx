// /account-closed: where closing an account ends (app/routes/close-account.tsx). The person is
// signed out by then; the page says again what was erased and what is kept, with how many tax
// documents of theirs the branch keeps and until when (from the address, counts and a day only).
import { Link } from 'react-router'
import { z } from 'zod'
import { ClosureFacts } from '~/components/closure-facts'
import { closureKeeps } from '~/contract/account-closure'
import { formatDay } from '~/utils/kolkata-date'
import type { Route } from './+types/account-closed'
import { counted } from '~/contract/vocabulary'

const keptSchema = z.object({
	nInvoices: z.coerce.number().int().min(0).max(100_000).catch(0),
	nCreditNotes: z.coerce.number().int().min(0).max(100_000).catch(0),
	dKeptUntil: z
		.string()
		.regex(/^\d{4}-12-31$/)
		.optional()
		.catch(undefined),
})

export function loader({ url }: Route.LoaderArgs) {
	return { kept: keptSchema.parse(Object.fromEntries(url.searchParams)), keeps: closureKeeps() }
}

export const meta: Route.MetaFunction = () => [{ title: 'Your account is closed' }, { name: 'robots', content: 'noindex' }]

export default function AccountClosed({ loaderData: { kept, keeps } }: Route.ComponentProps) {
	const documents = kept.nInvoices + kept.nCreditNotes
	return (
		<div className="mx-auto max-w-2xl px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900">Your account is closed</h1>
			<p className="mt-4 text-slate-800">Your personal data has been erased from this portal and you have been signed out everywhere.</p>
			{documents > 0 && kept.dKeptUntil ? (
				<p className="mt-4 text-slate-800">
					The branch keeps {counted(kept.nInvoices, 'tax invoice', 'tax invoices')} and {counted(kept.nCreditNotes, 'credit note', 'credit notes')} of yours, as
					issued, until {formatDay(kept.dKeptUntil)} at the latest, as GST law requires.
				</p>
			) : null}
			<div className="mt-8">
				<ClosureFacts keeps={keeps} done />
			</div>
			<p className="mt-8 text-slate-800">
				The{' '}
				<Link className="font-medium text-brand-700 underline" to="/privacy">
					privacy notice
				</Link>{' '}
				says whom to write to with any question.
			</p>
		</div>
	)
}
