// /verify and /verify/{code}: anyone holding a tax invoice, credit note or CPE certificate of the
// branch checks it here (the QR code printed on it opens this page). It says what the document
// states and whether it still stands; an unknown code is said to be unknown, with a 404. Plain
// HTML that reads the same without JavaScript and in a text browser; the API limits how often one
// client may ask, so the page is never kept in the render cache.
import { data, Form, redirect } from 'react-router'
import { visitorContext } from '~/.server/caller'
import { DOCUMENT_MESSAGES, normalizeVerificationCode, type VerifiedDocument } from '~/contract/documents'
import { formatRupees } from '~/contract/payments'
import { controlClass, SubmitButton } from '~/components/forms'
import { formatDay } from '~/utils/kolkata-date'
import type { Route } from './+types/verify'

export async function loader({ params, url, context }: Route.LoaderArgs) {
	const typed = url.searchParams.get('sCode')
	if (!params.sCode) {
		if (typed) throw redirect(`/verify/${encodeURIComponent(normalizeVerificationCode(typed)) || '-'}`)
		return { code: '', document: null, problem: null }
	}
	const { api } = context.get(visitorContext)
	const answer = await api.documents.verify({ sCode: params.sCode })
	if (answer.ok) return { code: params.sCode, document: answer.data, problem: null }
	const status = answer.status === 429 ? 429 : 404
	return data({ code: params.sCode, document: null, problem: status === 429 ? answer.message : DOCUMENT_MESSAGES.unknownCode }, { status })
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
	{
		title: `${loaderData?.document ? `${loaderData.document.sKindName} ${loaderData.document.sNumber}` : 'Verify a document'} | ${matches[0].loaderData.branch.name}`,
	},
	{ name: 'robots', content: 'noindex' },
]

const STATUS_CLASS: Record<VerifiedDocument['sStatus'], string> = {
	valid: 'bg-green-100 text-green-900',
	refunded: 'bg-amber-100 text-amber-900',
	corrected: 'bg-amber-100 text-amber-900',
	revoked: 'bg-red-100 text-red-900',
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
	return (
		<div className="border-t border-slate-200 py-2 sm:grid sm:grid-cols-[12rem_1fr] sm:gap-4">
			<dt className="font-semibold text-slate-900">{term}</dt>
			<dd className="text-slate-800">{children}</dd>
		</div>
	)
}

function Document({ document }: { document: VerifiedDocument }) {
	return (
		<>
			<p className={`mt-6 rounded p-4 text-xl font-semibold ${STATUS_CLASS[document.sStatus]}`} data-status={document.sStatus}>
				{document.sStatusText}
			</p>
			<dl className="mt-4">
				<Row term="Document">{document.sKindName}</Row>
				<Row term="Number">{document.sNumber}</Row>
				<Row term="Date">{formatDay(document.dDate)}</Row>
				<Row term="Issued by">
					{document.oIssuer.sName}, {document.oIssuer.sInstitute}
					<br />
					GSTIN {document.oIssuer.sGstin}
				</Row>
				<Row term={document.sKind === 'certificate' ? 'Member' : 'Billed to'}>{document.sHolder}</Row>
				<Row term="Event">
					{document.sEventTitle}, {formatDay(document.dEventDate)}
				</Row>
				{document.nCpeHours !== null ? <Row term="CPE hours">{document.nCpeHours}</Row> : null}
				{document.oAmounts ? (
					<Row term={document.sKind === 'credit-note' ? 'Amount credited' : 'Amount'}>
						{formatRupees(document.oAmounts.nTotalPaise)} ({formatRupees(document.oAmounts.nTaxablePaise)} and GST {formatRupees(document.oAmounts.nTaxPaise)})
					</Row>
				) : null}
				<Row term="Verification code">{document.sCode}</Row>
			</dl>
			<p className="mt-4 text-sm text-slate-700">The name is partly hidden; compare it with the paper in your hands.</p>
		</>
	)
}

export default function Verify({ loaderData: { code, document, problem } }: Route.ComponentProps) {
	return (
		<article className="mx-auto max-w-3xl px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900">{document ? `${document.sKindName} ${document.sNumber}` : 'Verify a document'}</h1>
			{problem ? (
				<p role="alert" className="mt-6 rounded bg-red-100 p-4 text-lg font-semibold text-red-900">
					{problem}
				</p>
			) : null}
			{document ? <Document document={document} /> : null}
			<Form method="get" action="/verify" className="mt-8 flex flex-wrap items-end gap-3">
				<label className="block min-w-64 flex-1 font-medium text-slate-800">
					Verification code printed on the document
					<input name="sCode" defaultValue={document ? '' : code} required autoComplete="off" autoCapitalize="characters" className={controlClass} />
				</label>
				<SubmitButton>Verify</SubmitButton>
			</Form>
		</article>
	)
}
