// /office/pages/{sSlug}: an information page's text as a draft (plain text with a few marks: see
// app/contract/page-text.ts), its preview, publishing, and PDFs attached to it.
import { getZodConstraint } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { officeAction, officeForm, alertOutcome, replyFileRefused, uploadOf } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { dataOf } from '~/.server/replies'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { loadMediaBaseUrl } from '~/.server/replies'
import { schemaChecks, useCheckedForm } from '~/components/checked-form'
import { controlClass, ErrorList, SubmitButton, TextareaField, TextField, useIsSubmitting } from '~/components/forms'
import { ConflictNotice } from '~/components/office/conflict-notice'
import { FileField } from '~/components/office/file-field'
import { linkClass, OfficePage } from '~/components/office/office-nav'
import { PageBlocks } from '~/components/page-blocks'
import { pageSlugSchema } from '~/contract/api'
import { OFFICE_PAGE_MESSAGES, PAGE_LABELS, pageFormSchema } from '~/contract/office/pages'
import { blocksFromText, textFromBlocks } from '~/contract/page-text'
import type { Route } from './+types/page-edit'

function slugOf(params: { sSlug?: string }) {
	const slug = pageSlugSchema.safeParse(params.sSlug)
	if (!slug.success) throw data(OFFICE_PAGE_MESSAGES.notFound, { status: 404 })
	return slug.data
}

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officePages.saveDraft)
	const sSlug = slugOf(args.params)
	const [page, mediaBaseUrl] = await Promise.all([api.officePages.details({ sSlug }).then(dataOf), loadMediaBaseUrl(api)])
	const draft = page.oDraft ?? page.oLive
	// The form's fields and starting text, and the page's name: the browser loads the page schema only for its checks.
	const formSpec = {
		constraint: getZodConstraint(pageFormSchema),
		defaultValue: { sTitle: draft.sTitle, sSummary: draft.sSummary, sText: textFromBlocks(draft.aBlocks) },
		conflictMessage: OFFICE_PAGE_MESSAGES.conflict,
	}
	return { sSlug, page, mediaBaseUrl, label: PAGE_LABELS[sSlug], formSpec }
}

/** The form, with its text read into blocks: a line that is not a block is refused beside the text. */
const draftSchema = pageFormSchema.transform((value, context) => {
	const { blocks, errors } = blocksFromText(value.sText)
	for (const message of errors) context.addIssue({ code: 'custom', path: ['sText'], message })
	return { ...value, aBlocks: blocks }
})

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officePages.saveDraft)
	const sSlug = slugOf(args.params)
	const back = `/office/pages/${sSlug}`
	return officeAction(
		args.request,
		{
			publish: async (formData) => alertOutcome(session, await api.officePages.publish({ sSlug, body: { nVersion: Number(formData.get('nVersion')) } }), back),
			attach: async (formData) => {
				const attached = await api.officePages.attach({ sSlug, body: uploadOf(formData, ['file', 'sText']) })
				if (!attached.ok) return replyFileRefused(attached)
				// The file's line goes at the end of the draft (or of the published text), saved at once.
				const page = dataOf(await api.officePages.details({ sSlug }))
				const base = page.oDraft ?? page.oLive
				const aBlocks = [...base.aBlocks, { sType: 'file' as const, sText: attached.data.sText, sPath: attached.data.sPath }]
				const saved = await api.officePages.saveDraft({ sSlug, body: { sTitle: base.sTitle, sSummary: base.sSummary, aBlocks, nVersion: page.nVersion } })
				return alertOutcome(session, saved.ok ? { ...saved, message: 'The PDF is attached and added to the draft.' } : saved, back)
			},
			save: (formData) =>
				officeForm(formData, {
					schema: draftSchema,
					call: ({ sTitle, sSummary, aBlocks }) =>
						api.officePages.saveDraft({ sSlug, body: { sTitle, sSummary: sSummary ?? '', aBlocks, nVersion: Number(formData.get('nVersion')) } }),
					done: (answer) => redirectWithOfficeAlert(session, `${back}#preview`, answer.message),
					conflict: async (yours) => {
						const current = dataOf(await api.officePages.details({ sSlug }))
						const theirs = current.oDraft ?? current.oLive
						const fields = [
							{ label: 'Title', yours: yours.sTitle, current: theirs.sTitle },
							{ label: 'Text', yours: yours.sText, current: textFromBlocks(theirs.aBlocks) },
						]
						return { fields, nVersion: current.nVersion }
					},
				}),
		},
		'save',
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `Edit ${loaderData.label.name} | Office` : 'Page | Office' }]

export default function PageEdit({ loaderData: { sSlug, page, mediaBaseUrl, label, formSpec }, actionData }: Route.ComponentProps) {
	const refused = actionData as
		{ conflict?: { label: string; yours: string; current: string }[]; currentVersion?: number; fileErrors?: Record<string, string[]> } | undefined
	const [form, fields, formProps] = useCheckedForm({
		id: `page-${sSlug}`,
		lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
		constraint: formSpec.constraint,
		shouldValidate: 'onBlur',
		checks: schemaChecks(() => import('~/contract/office/pages').then((contract) => contract.pageFormSchema)),
		defaultValue: formSpec.defaultValue,
	})
	const busy = useIsSubmitting()
	const version = refused?.currentVersion ?? page.nVersion
	return (
		<OfficePage
			title={`Edit ${label.name}`}
			lead={
				<>
					<Link to="/office/pages" className={linkClass}>
						All pages
					</Link>
					{' · '}
					<Link to={label.path} className={linkClass}>
						The public page
					</Link>
				</>
			}
		>
			{refused?.conflict ? <ConflictNotice message={formSpec.conflictMessage} fields={refused.conflict} /> : null}
			<Form method="post" {...formProps} className="space-y-4">
				<input type="hidden" name="nVersion" value={version} />
				<ErrorList id={form.errorId} errors={form.errors} />
				<TextField meta={fields.sTitle} label="Title" />
				<TextField meta={fields.sSummary} label="Summary (under the title; optional)" />
				<TextareaField
					meta={fields.sText}
					label="Text"
					rows={16}
					hint="Blank lines separate blocks. “## ” starts a heading; lines starting “- ” make a list; [Link text](https://…) on its own makes a link. Attached PDFs appear as [[file: …]] lines."
				/>
				<SubmitButton name="intent" value="save" disabled={busy}>
					{busy ? 'Saving…' : 'Save the draft and preview it'}
				</SubmitButton>
			</Form>
			<section aria-labelledby="attach-title" className="mt-8 rounded border border-slate-200 p-4">
				<h2 id="attach-title" className="text-xl font-semibold text-brand-900">
					Attach a PDF
				</h2>
				<Form method="post" encType="multipart/form-data" className="mt-3 grid gap-3 sm:grid-cols-2">
					<input type="hidden" name="nVersion" value={version} />
					<ErrorList errors={refused?.fileErrors?.form} />
					<FileField id="attach-file" name="file" label="PDF (up to 20 MB)" accept="application/pdf" required errors={refused?.fileErrors?.file} />
					<div>
						<label htmlFor="attach-label" className="block font-medium text-slate-800">
							Link label (what readers click)
						</label>
						<input
							id="attach-label"
							name="sText"
							required
							maxLength={120}
							aria-invalid={refused?.fileErrors?.sText ? true : undefined}
							aria-describedby={refused?.fileErrors?.sText ? 'attach-label-error' : undefined}
							className={controlClass}
						/>
						<ErrorList id="attach-label-error" errors={refused?.fileErrors?.sText} />
					</div>
					<div>
						<SubmitButton name="intent" value="attach" tone="secondary">
							Attach and add to the draft
						</SubmitButton>
					</div>
				</Form>
			</section>
			{page.oDraft ? (
				<section id="preview" aria-labelledby="preview-title" className="border-brand-300 mt-10 rounded border-2 border-dashed p-4">
					<h2 id="preview-title" className="text-xl font-semibold text-brand-900">
						Preview of the draft
					</h2>
					<p className="mt-1 text-slate-700">This is how the page will read once published. The public still sees the published version.</p>
					<div className="mt-4 border-t border-slate-200 pt-4">
						<p className="text-2xl font-semibold text-brand-900">{page.oDraft.sTitle}</p>
						{page.oDraft.sSummary ? <p className="mt-2 text-lg text-slate-600">{page.oDraft.sSummary}</p> : null}
						<div className="mt-4">
							<PageBlocks blocks={page.oDraft.aBlocks} mediaBaseUrl={mediaBaseUrl} />
						</div>
					</div>
					<Form method="post" className="mt-6">
						<input type="hidden" name="nVersion" value={page.nVersion} />
						<SubmitButton name="intent" value="publish">
							Publish this draft
						</SubmitButton>
					</Form>
				</section>
			) : (
				<p className="mt-8 text-slate-700">No draft: the text above is what the public sees. Save a change to preview it before publishing.</p>
			)}
		</OfficePage>
	)
}
