// The readable summary of a person's own data (app/contract/own-data.ts): the same facts as the
// JSON download, as headings, lists and tables that print well and read well in a screen reader.
import type { ReactNode } from 'react'
import type { OwnData } from '~/contract/own-data'
import { formatRupees } from '~/contract/payments'
import { formatDay, formatIndiaMoment, formatIndiaMomentLong } from '~/utils/kolkata-date'
import { CPE_KIND_LABELS, PAYMENT_STATUS_LABELS, REGISTRATION_STATUS_LABELS, waitingListStatusLabel } from '~/contract/vocabulary'

const when = (moment: string | null) => (moment ? formatIndiaMoment(moment) : '—')

function Section({ id, title, count, children }: { id: string; title: string; count?: number; children: ReactNode }) {
	return (
		<section aria-labelledby={id}>
			<h2 id={id}>{title}</h2>
			{count === 0 ? <p>None.</p> : children}
		</section>
	)
}

function Table({ headings, rows }: { headings: string[]; rows: ReactNode[][] }) {
	return (
		<table>
			<thead>
				<tr>
					{headings.map((heading) => (
						<th key={heading} scope="col">
							{heading}
						</th>
					))}
				</tr>
			</thead>
			<tbody>
				{rows.map((cells, row) => (
					<tr key={row}>
						{cells.map((cell, column) => (
							<td key={column}>{cell}</td>
						))}
					</tr>
				))}
			</tbody>
		</table>
	)
}

function profileFacts(profile: OwnData['oProfile']): [string, string][] {
	const common: [string, string][] = [
		['Full name', profile.sFullName],
		['E-mail', profile.sEmail],
		['Mobile number', profile.sMobileNumber],
		['Date of birth', profile.sDob ? formatDay(profile.sDob) : '—'],
		['State', profile.oState.sName],
		['City', profile.oCity.sName],
	]
	if (profile.sUserType === 'S') return [['Registration number', profile.sRegistrationNumber], ...common, ['Course', profile.sCourse]]
	return [
		['Membership number', profile.sMembershipNumber],
		...common,
		['Firm or company', profile.sFirmCompanyName || '—'],
		['GST number', profile.sGSTNumber || '—'],
		['Profile picture', profile.sProfilePic ? 'Uploaded' : 'None'],
	]
}

export function OwnDataSummary({ data, branchName }: { data: OwnData; branchName: string }) {
	return (
		<main>
			<h1>Your data at the {branchName} portal</h1>
			<p>
				Everything the portal keeps about you, as it stood on {formatIndiaMomentLong(data.dGeneratedAt)} (India time). The JSON file of the same download holds
				the same data for other programs. Your account was opened on {formatIndiaMoment(data.dAccountCreatedAt)}; your profile last changed on{' '}
				{formatIndiaMoment(data.dProfileUpdatedAt)}.
			</p>
			<Section id="profile" title="Profile">
				<dl>
					{profileFacts(data.oProfile).map(([label, value]) => (
						<div key={label}>
							<dt>{label}</dt>
							<dd>{value}</dd>
						</div>
					))}
				</dl>
			</Section>
			<Section id="consents" title="Your choices" count={data.aConsents.length}>
				<Table
					headings={['What', 'Chosen', 'Since']}
					rows={data.aConsents.map((consent) => [consent.sWhat, consent.bGiven ? 'Yes' : 'No', when(consent.dSince)])}
				/>
			</Section>
			<Section id="registrations" title="Event registrations" count={data.aRegistrations.length}>
				<Table
					headings={['Event', 'Starts', 'Status', 'Registered', 'Cancelled', 'Attended']}
					rows={data.aRegistrations.map((row) => [
						row.sEventTitle,
						when(row.dEventStartsAt),
						REGISTRATION_STATUS_LABELS[row.sStatus],
						when(row.dRegisteredAt),
						when(row.dCancelledAt),
						when(row.dAttendedAt),
					])}
				/>
			</Section>
			<Section id="payments" title="Payments" count={data.aPayments.length}>
				<Table
					headings={['Event', 'Started', 'Status', 'Total', 'Billed to', 'Reference']}
					rows={data.aPayments.map((row) => [
						row.sEventTitle,
						when(row.dCreatedAt),
						PAYMENT_STATUS_LABELS[row.sStatus],
						formatRupees(row.nTotalPaise),
						[row.sBuyerName, row.sBuyerFirmName, row.sBuyerGstin && `GSTIN ${row.sBuyerGstin}`, row.sBuyerStateCode].filter(Boolean).join(', '),
						row.sReference,
					])}
				/>
			</Section>
			<Section id="invoices" title="Tax invoices" count={data.aInvoices.length}>
				<p>GST law makes the branch keep each one until the day shown, even if you close your account.</p>
				<Table
					headings={['Number', 'Issued', 'Billed to', 'Total', 'Kept until']}
					rows={data.aInvoices.map((row) => [row.sNumber, when(row.dIssuedAt), row.sBuyerName, formatRupees(row.nTotalPaise), formatDay(row.dKeptUntil)])}
				/>
			</Section>
			<Section id="credit-notes" title="Credit notes" count={data.aCreditNotes.length}>
				<Table
					headings={['Number', 'For invoice', 'Issued', 'Reason', 'Total', 'Kept until']}
					rows={data.aCreditNotes.map((row) => [
						row.sNumber,
						row.sInvoiceNumber,
						when(row.dIssuedAt),
						row.sReason,
						formatRupees(row.nTotalPaise),
						formatDay(row.dKeptUntil),
					])}
				/>
			</Section>
			<Section id="cpe" title="CPE hours" count={data.aCpeEntries.length}>
				<Table
					headings={['Day', 'Kind', 'Hours', 'What']}
					rows={data.aCpeEntries.map((entry) => [formatDay(entry.dActivityDate), CPE_KIND_LABELS[entry.sKind], String(entry.nHours), entry.sDescription])}
				/>
			</Section>
			<Section id="newsletters" title="Newsletter subscriptions" count={data.aNewsletterSubscriptions.length}>
				<Table
					headings={['E-mail', 'Name', 'Membership number', 'Since']}
					rows={data.aNewsletterSubscriptions.map((row) => [row.sEmail, row.sFullName, row.sMembershipNumber, when(row.dSubscribedAt)])}
				/>
			</Section>
			<Section id="waiting-lists" title="Waiting lists" count={data.aWaitingLists.length}>
				<Table
					headings={['Event', 'Status', 'Joined']}
					rows={data.aWaitingLists.map((row) => [row.sEventTitle, waitingListStatusLabel(row.sStatus), when(row.dJoinedAt)])}
				/>
			</Section>
			<Section id="announcements" title="Announcements you have read" count={data.aAnnouncementsRead.length}>
				<Table headings={['Announcement', 'Read']} rows={data.aAnnouncementsRead.map((row) => [row.sTitle, when(row.dReadAt)])} />
			</Section>
		</main>
	)
}
