// /member/cpe: where a member lands after signing in. The CPE ledger: progress in the
// current block and year, every year's entries, the form to record unstructured hours, and a delete
// that asks first (the question is a page state, ?delete=ID, so it works without JavaScript).
import type { SubmissionResult } from '@conform-to/react'
import { useState } from 'react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useNavigate } from 'react-router'
import { accountContext } from '~/.server/caller'
import { dataOf, replyInvalid, replyRefused } from '~/.server/replies'
import { redirectWithAlert } from '~/.server/session'
import { CpeLedgerYears, CpeProgress } from '~/components/cpe-ledger'
import { schemaChecks, useCheckedForm, type FormConstraint } from '~/components/checked-form'
import { Dialog } from '~/components/dialog'
import { ErrorList, SubmitButton, TextareaField, TextField, useIsSubmitting } from '~/components/forms'
import { recordIdSchema } from '~/contract/api'
import {
	CPE_DESCRIPTION_MAX_LENGTH,
	CPE_HOURS_STEP,
	CPE_MAX_HOURS_PER_DAY,
	CPE_MESSAGES,
	cpeEntrySchema,
	type CpeDateRange,
	type CpeLedger,
} from '~/contract/cpe'
import { intentOf } from '~/utils/intent'
import { formatDay } from '~/utils/kolkata-date'
import { PageError } from '~/components/page-error'
import type { Route } from './+types/member-cpe'

const PAGE = '/member/cpe'
/** The action leaves the date range to the API (it knows today and the blocks); its errors land beside the field all the same. */
const ANY_DATE = { dMinDate: '0000-01-01', dMaxDate: '9999-12-31' }

const allEntries = (ledger: CpeLedger) => ledger.aBlocks.flatMap((block) => block.aYears.flatMap((year) => year.aEntries))

export async function loader({ url, context }: Route.LoaderArgs) {
	const ledger = dataOf(await context.get(accountContext).api.cpe.ledger({}))
	const deleteId = recordIdSchema.safeParse(url.searchParams.get('delete') ?? '')
	const toDelete = deleteId.success ? allEntries(ledger).find((entry) => entry.iEntryId === deleteId.data) : undefined
	const entryForm = {
		constraint: entryConstraintFor(ledger.oEntryDates),
		hoursStep: CPE_HOURS_STEP,
		maxHoursPerDay: CPE_MAX_HOURS_PER_DAY,
		descriptionMaxLength: CPE_DESCRIPTION_MAX_LENGTH,
	}
	return { ledger, toDelete: toDelete ?? null, entryForm }
}

/** What the form's fields ask for, for one range of dates. The range is the same all day, so it is worked out once, not on every view. */
let entryConstraint: { range: string; constraint: FormConstraint } | undefined
function entryConstraintFor(dates: CpeDateRange) {
	const range = `${dates.dMinDate}/${dates.dMaxDate}`
	if (entryConstraint?.range !== range) entryConstraint = { range, constraint: getZodConstraint(cpeEntrySchema(dates)) }
	return entryConstraint.constraint
}

export async function action({ request, context }: Route.ActionArgs) {
	const formData = await request.formData()
	const { api, session } = context.get(accountContext)
	if (intentOf(formData) === 'delete') {
		const entryId = recordIdSchema.safeParse(formData.get('iEntryId'))
		const answer = entryId.success ? await api.cpe.deleteEntry({ iEntryId: entryId.data }) : null
		if (!answer?.ok) return redirectWithAlert(session, PAGE, { kind: 'error', text: answer?.message ?? CPE_MESSAGES.entryNotFound })
		return redirectWithAlert(session, PAGE, { kind: 'success', text: CPE_MESSAGES.entryDeleted })
	}
	const submission = parseWithZod(formData, { schema: cpeEntrySchema(ANY_DATE) })
	if (submission.status !== 'success') return replyInvalid(submission)
	const answer = await api.cpe.addEntry({ body: submission.value })
	if (!answer.ok) return replyRefused(submission, answer)
	return redirectWithAlert(session, PAGE, { kind: 'success', text: CPE_MESSAGES.entryAdded })
}

export const meta: Route.MetaFunction = () => [{ title: 'CPE hours' }]

export default function MemberCpe({ loaderData: { ledger, toDelete, entryForm }, actionData, matches }: Route.ComponentProps) {
	const name = matches[0].loaderData.profile?.sFullName
	const current = ledger.aBlocks.find((block) => block.bIsCurrent)!
	return (
		<div className="mx-auto max-w-4xl px-4 py-10">
			<h1 className="text-3xl font-semibold text-brand-900">CPE hours</h1>
			{name ? <p className="mt-2 text-lg text-slate-700">Welcome, {name}.</p> : null}
			<CpeProgress block={current} year={current.aYears.find((year) => year.nYear === ledger.nCurrentYear)} />
			<RecordHoursForm ledger={ledger} form={entryForm} lastResult={actionData?.result} />
			<section aria-labelledby="cpe-ledger" className="mt-10">
				<h2 id="cpe-ledger" className="text-2xl font-semibold text-brand-900">
					Your ledger
				</h2>
				{ledger.aBlocks.map((block) => (
					<CpeLedgerYears key={block.nStartYear} block={block} />
				))}
			</section>
			{toDelete?.iEntryId ? (
				<ConfirmDelete entryId={toDelete.iEntryId} text={`${formatDay(toDelete.dActivityDate)}, ${toDelete.nHours} hours: ${toDelete.sDescription}`} />
			) : null}
			<p className="mt-10">
				<Link className="font-medium text-brand-700 underline" to="/member/profile">
					Your profile
				</Link>
				{' · '}
				<Link className="font-medium text-brand-700 underline" to="/member/change-password">
					Change password
				</Link>
			</p>
		</div>
	)
}

type EntryForm = Route.ComponentProps['loaderData']['entryForm']

function RecordHoursForm({
	ledger,
	form: { constraint, hoursStep, maxHoursPerDay, descriptionMaxLength },
	lastResult,
}: {
	ledger: CpeLedger
	form: EntryForm
	lastResult?: SubmissionResult<string[]> | null
}) {
	// A new entry (after a successful post) starts an empty form; a failed post keeps the form and its
	// errors, and a deleted entry, which lowers the newest id the page shows, leaves what is typed alone.
	const newestEntryId = Math.max(0, ...allEntries(ledger).map((entry) => entry.iEntryId ?? 0))
	const [formGeneration, setFormGeneration] = useState(newestEntryId)
	if (newestEntryId > formGeneration) setFormGeneration(newestEntryId)
	const [form, fields, formProps] = useCheckedForm({
		id: `cpe-entry-${formGeneration}`,
		lastResult,
		constraint,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		checks: schemaChecks(() => import('~/contract/cpe').then((contract) => contract.cpeEntrySchema(ledger.oEntryDates))),
	})
	const busy = useIsSubmitting()
	const { dMinDate, dMaxDate } = ledger.oEntryDates
	return (
		<section aria-labelledby="record-hours" className="mt-10 rounded-lg border border-slate-300 bg-white p-4 sm:p-6">
			<h2 id="record-hours" className="text-2xl font-semibold text-brand-900">
				Record unstructured hours
			</h2>
			<p className="mt-1 text-slate-700">
				Self-study, e-learning, webinars and reading count as unstructured learning. Hours from branch events are credited when the office marks your
				attendance.
			</p>
			{/* The fragment brings the form back into view when the server answers with errors (no JavaScript). */}
			<Form method="post" action={`${PAGE}#record-hours`} {...formProps} className="mt-4 grid gap-4 sm:grid-cols-2">
				<ErrorList id={form.errorId} errors={form.errors} />
				<TextField meta={fields.dActivityDate} label="Date" type="date" min={dMinDate} max={dMaxDate} hint={`From ${formatDay(dMinDate)} up to today.`} />
				<TextField
					meta={fields.nHours}
					label="Hours"
					type="number"
					inputMode="decimal"
					min={hoursStep}
					max={maxHoursPerDay}
					step={hoursStep}
					hint={`In half hours, at most ${maxHoursPerDay} a day.`}
				/>
				<TextareaField meta={fields.sDescription} label="What did you learn?" rows={3} maxLength={descriptionMaxLength} className="sm:col-span-2" />
				<div className="sm:col-span-2">
					<SubmitButton name="intent" value="add" disabled={busy}>
						Record hours
					</SubmitButton>
				</div>
			</Form>
		</section>
	)
}

/** The question before a delete: a page state the server renders open; with JavaScript a modal. */
function ConfirmDelete({ entryId, text }: { entryId: number; text: string }) {
	const navigate = useNavigate()
	const keep = () => navigate(PAGE, { preventScrollReset: true, replace: true })
	return (
		<Dialog
			open
			title="Delete this entry?"
			onClose={keep}
			actions={
				<>
					<Link
						to={PAGE}
						replace
						preventScrollReset
						className="rounded border border-brand-700 bg-white px-5 py-2 font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
					>
						Keep it
					</Link>
					<Form method="post" action={PAGE} replace>
						<input type="hidden" name="iEntryId" value={entryId} />
						<SubmitButton name="intent" value="delete">
							Delete entry
						</SubmitButton>
					</Form>
				</>
			}
		>
			<p>{text}</p>
		</Dialog>
	)
}

/** A refusal from the API (its message in a 4xx) is shown here, inside the member area. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	return <PageError error={error} />
}
