// /office/reports (administrators): the GST register for a date range and CPE hours per member for
// a year or block, on screen and as CSV for the accountant; online payments by day as CSV, over the
// register's dates.
import { Form } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { apiTable } from '~/contract/table'
import { dataOf } from '~/.server/replies'
import { controlClass, SubmitButton } from '~/components/forms'
import { cellClass, linkClass, OfficePage, OfficeTable } from '~/components/office/office-nav'
import { gstRegisterQuerySchema } from '~/contract/office/reports'
import { formatRupees } from '~/contract/payments'
import type { Route } from './+types/reports'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeReports.gstRegister)
	const params = args.url.searchParams
	const range = { dFrom: params.get('dFrom') ?? '', dTo: params.get('dTo') ?? '' }
	const valid = gstRegisterQuerySchema.safeParse({ oFilter: range })
	const nYear = params.get('nYear') ?? ''
	const [register, cpe] = await Promise.all([
		api.officeReports.gstRegister({ query: { oFilter: valid.success ? range : {} } }),
		api.officeReports.cpeHours({ query: { oFilter: /^\d{4}$/.test(nYear) ? { nYear } : {} } }),
	])
	return {
		range,
		rangeError: valid.success ? null : 'Dates are written 2026-04-01, and the end is on or after the start. Showing this financial year.',
		register: dataOf(register),
		cpe: dataOf(cpe),
	}
}

export const meta: Route.MetaFunction = () => [{ title: 'Reports | Office' }]

export default function OfficeReports({ loaderData: { range, rangeError, register, cpe } }: Route.ComponentProps) {
	const csvQuery = new URLSearchParams({ dFrom: register.dFrom, dTo: register.dTo })
	return (
		<OfficePage
			title="Reports"
			lead="For the branch’s accountant: the GST register (GSTR-1’s invoices and credit notes), online payments by day, and members’ CPE hours."
		>
			<section aria-labelledby="gst-title">
				<h2 id="gst-title" className="text-2xl font-semibold text-brand-900">
					GST register
				</h2>
				<Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
					<label className="block font-medium text-slate-800">
						From
						<input type="date" name="dFrom" defaultValue={range.dFrom || register.dFrom} className={controlClass} />
					</label>
					<label className="block font-medium text-slate-800">
						To
						<input type="date" name="dTo" defaultValue={range.dTo || register.dTo} className={controlClass} />
					</label>
					<SubmitButton>Show</SubmitButton>
					<a href={`/office/files/gst-register?${csvQuery}`} className={linkClass} download>
						Download CSV
					</a>
				</Form>
				{rangeError ? (
					<p role="alert" className="mt-2 font-medium text-red-800">
						{rangeError}
					</p>
				) : null}
				<p className="my-3 text-slate-700">
					{register.dFrom} to {register.dTo}: {register.aRows.length} documents, net taxable value {formatRupees(register.oTotal.nTaxablePaise)}, tax{' '}
					{formatRupees(register.oTotal.nCgstPaise + register.oTotal.nSgstPaise + register.oTotal.nIgstPaise)}.
				</p>
				{register.aMonths.length > 0 ? (
					<OfficeTable caption="Totals by month" headings={['Month', 'Invoices', 'Credit notes', 'Taxable value', 'CGST', 'SGST', 'IGST', 'Total']}>
						{register.aMonths.map((month) => (
							<tr key={month.sMonth}>
								<td className={cellClass}>{month.sMonth}</td>
								<td className={cellClass}>{month.nInvoices}</td>
								<td className={cellClass}>{month.nCreditNotes}</td>
								<td className={cellClass}>{formatRupees(month.nTaxablePaise)}</td>
								<td className={cellClass}>{formatRupees(month.nCgstPaise)}</td>
								<td className={cellClass}>{formatRupees(month.nSgstPaise)}</td>
								<td className={cellClass}>{formatRupees(month.nIgstPaise)}</td>
								<td className={cellClass}>{formatRupees(month.nTotalPaise)}</td>
							</tr>
						))}
					</OfficeTable>
				) : null}
			</section>
			<section aria-labelledby="online-title" className="mt-12">
				<h2 id="online-title" className="text-2xl font-semibold text-brand-900">
					Online payments by day
				</h2>
				<p className="mt-3 text-slate-700">
					Each payment Razorpay took, its fee (with GST) and what reached the bank, and each refund, with a total a day to tick against the bank statement.
				</p>
				<p className="mt-2">
					<a href={`/office/files/online-settlement?${csvQuery}`} className={linkClass} download>
						Download CSV, {register.dFrom} to {register.dTo}
					</a>
				</p>
			</section>
			<section aria-labelledby="cpe-title" className="mt-12">
				<h2 id="cpe-title" className="text-2xl font-semibold text-brand-900">
					CPE hours per member
				</h2>
				<Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
					<label className="block font-medium text-slate-800">
						Year
						<input name="nYear" inputMode="numeric" defaultValue={String(cpe.nFromYear)} className={controlClass} />
					</label>
					<SubmitButton>Show</SubmitButton>
					<a href={`/office/files/cpe-hours?nYear=${cpe.nFromYear}`} className={linkClass} download>
						Download CSV for {cpe.nFromYear}
					</a>
					<a href={`/office/files/cpe-hours?nBlockStart=${cpe.nFromYear}`} className={linkClass} download>
						Download CSV for its three-year block
					</a>
				</Form>
				<p className="my-3 text-slate-700">
					Required: {cpe.nRequiredHours} hours, {cpe.nRequiredStructuredHours} of them structured. Fewest hours first.
				</p>
				<OfficeTable
					caption={`CPE hours per member in ${cpe.nFromYear}`}
					headings={['Member', 'Number', 'Structured', 'Unstructured', 'Total', 'Still needed']}
				>
					{cpe.aMembers.slice(0, 100).map((row) => (
						<tr key={row.iAccountId}>
							<td className={cellClass}>{row.sFullName}</td>
							<td className={cellClass}>{row.sMembershipNumber}</td>
							<td className={cellClass}>{row.nStructuredHours}</td>
							<td className={cellClass}>{row.nUnstructuredHours}</td>
							<td className={cellClass}>{row.nTotalHours}</td>
							<td className={cellClass}>{row.nHoursNeeded}</td>
						</tr>
					))}
				</OfficeTable>
				{cpe.aMembers.length > 100 ? <p className="mt-2 text-slate-700">The first 100 of {cpe.aMembers.length}; the CSV has everyone.</p> : null}
			</section>
		</OfficePage>
	)
}
