// /office: what waits for the office today, and the way to each part of it.
import { Link } from 'react-router'
import { officeCaller } from '~/.server/office-caller'
import { admits, type OfficeAccess } from '~/contract/office/staff-roles'
import { apiTable } from '~/contract/table'
import { dataOf } from '~/.server/replies'
import { cellClass, linkClass, OfficePage, OfficeTable } from '~/components/office/office-nav'
import type { OfficeDashboard as Summary } from '~/contract/office/dashboard'
import { formatIndiaMoment, formatInstantDay } from '~/utils/kolkata-date'
import type { Route } from './+types/dashboard'

export async function loader(args: Route.LoaderArgs) {
	const { api, staff } = officeCaller(args, apiTable.officeDashboard.summary)
	const mayCall = (entry: { access: OfficeAccess }) => admits(entry.access, staff.sRole)
	const may = {
		payments: mayCall(apiTable.officePayments.list),
		subscribers: mayCall(apiTable.officeSubscribers.list),
		accounts: mayCall(apiTable.officeAccounts.list),
		registrations: mayCall(apiTable.officeRegistrations.list),
		newEvent: mayCall(apiTable.officeEvents.create),
	}
	return { summary: dataOf(await api.officeDashboard.summary({})), may }
}

export const meta: Route.MetaFunction = () => [{ title: 'Office dashboard' }]

function Figure({ label, value, to }: { label: string; value: number; to?: string }) {
	return (
		<div className="rounded border border-slate-200 bg-white p-4">
			<dt className="text-sm text-slate-700">{label}</dt>
			<dd className="mt-1 text-3xl font-semibold text-brand-900">
				{to ? (
					<Link to={to} className="underline underline-offset-4">
						{value}
					</Link>
				) : (
					value
				)}
			</dd>
		</div>
	)
}

/** Shown first when the branch's data has had no good backup for a day and a half (decision 0046). */
function BackupWarning({ backups }: { backups: NonNullable<Summary['oBackups']> }) {
	return (
		<div role="alert" className="mb-6 rounded border border-amber-400 bg-amber-50 p-4 text-amber-950">
			<p className="font-semibold">{backups.dLastGood ? `No good backup since ${formatIndiaMoment(backups.dLastGood)}.` : 'No backup has been made yet.'}</p>
			<p className="mt-1">
				Until one is made the branch’s data is only on the server’s disk. Tell whoever runs the portal: its log says why (“Backup failed”), and the “Backups and
				restore” in the portal’s operating guide (docs/operating.md) says what to do.
			</p>
		</div>
	)
}

/** Online payments marked paid whose money Razorpay never captured (decision 0060): each an invoice and a seat with nothing behind them. */
function UncapturedWarning({ payments, linked }: { payments: Summary['aUncapturedPayments']; linked: boolean }) {
	return (
		<div role="alert" className="mb-6 rounded border border-amber-400 bg-amber-50 p-4 text-amber-950">
			<p className="font-semibold">
				{payments.length === 1
					? 'An online payment is marked paid, but Razorpay has not captured its money.'
					: `${payments.length} online payments are marked paid, but Razorpay has not captured their money.`}
			</p>
			<p className="mt-1">
				An authorized payment is captured at the next minute’s check if Razorpay still allows it; one Razorpay gave back needs its registration cancelled and a
				credit note.
			</p>
			<ul className="mt-2 list-disc pl-6">
				{payments.map((payment) => (
					<li key={payment.iPaymentId}>
						{linked ? (
							<Link to={`/office/payments/${payment.iPaymentId}`} className={linkClass}>
								{payment.sReference}
							</Link>
						) : (
							payment.sReference
						)}
						{payment.sInvoiceNumber ? `, invoice ${payment.sInvoiceNumber}` : ''}: Razorpay says {payment.sGatewayStatus}.
					</li>
				))}
			</ul>
		</div>
	)
}

/**
 * Shown first when a right password met wrong two-factor codes (decision 0061): someone else may
 * know the password. Only administrators get these; the staff page clears them.
 */
function WrongCodeWarning({ alerts }: { alerts: NonNullable<Summary['aWrongCodeAlerts']> }) {
	return (
		<div role="alert" className="mb-6 rounded border border-red-400 bg-red-50 p-4 text-red-950">
			<p className="font-semibold">Someone may know the password of {alerts.length === 1 ? 'an office user' : `${alerts.length} office users`}.</p>
			<ul className="mt-2 list-disc space-y-1 pl-6">
				{alerts.map((alert) => (
					<li key={alert.iStaffId}>
						{alert.sFullName} ({alert.sUsername}): a right password followed by wrong two-factor codes since {formatIndiaMoment(alert.dAlertAt)}
						{alert.bCodeLocked ? '; the code step is locked' : ''}.
					</li>
				))}
			</ul>
			<p className="mt-2">
				Ask them whether it was them. If not, set a new password on the{' '}
				<Link to="/office/staff" className="underline underline-offset-4">
					staff page
				</Link>
				, where the alert is cleared.
			</p>
		</div>
	)
}

function BackupStatus({ backups }: { backups: NonNullable<Summary['oBackups']> }) {
	return (
		<>
			<h2 className="mt-10 mb-3 text-xl font-semibold text-brand-900">Backups</h2>
			<p className="text-slate-700">
				{backups.dLastGood ? `Last good backup: ${formatIndiaMoment(backups.dLastGood)}.` : 'No backup yet.'}{' '}
				{backups.bNightly
					? 'A backup is taken every night, read back and checked.'
					: 'Nightly backups are off here; whoever runs the portal turns them on with BACKUP_DIR.'}
			</p>
		</>
	)
}

export default function OfficeDashboard({ loaderData: { summary, may } }: Route.ComponentProps) {
	return (
		<OfficePage title="Office dashboard" lead="What waits for the office, and the next events with their seats.">
			{summary.aWrongCodeAlerts?.length ? <WrongCodeWarning alerts={summary.aWrongCodeAlerts} /> : null}
			{summary.oBackups?.bOverdue ? <BackupWarning backups={summary.oBackups} /> : null}
			{summary.aUncapturedPayments.length > 0 ? <UncapturedWarning payments={summary.aUncapturedPayments} linked={may.payments} /> : null}
			<dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
				<Figure
					label="Payments waiting at the office"
					value={summary.nPaymentsWaiting}
					to={may.payments ? '/office/payments?sStatus=pending&sProvider=offline' : undefined}
				/>
				<Figure label="Registrations in the last 7 days" value={summary.nRegistrationsThisWeek} />
				<Figure label="New subscribers in the last 7 days" value={summary.nNewSubscribersThisWeek} to={may.subscribers ? '/office/subscribers' : undefined} />
				<Figure label="Disabled accounts" value={summary.nDisabledAccounts} to={may.accounts ? '/office/accounts' : undefined} />
			</dl>
			<h2 className="mt-10 mb-3 text-xl font-semibold text-brand-900">Upcoming events</h2>
			{summary.aUpcomingEvents.length === 0 ? (
				<p className="text-slate-700">
					No upcoming events.{' '}
					{may.newEvent ? (
						<>
							<Link to="/office/events/new" className={linkClass}>
								Create one
							</Link>
							.
						</>
					) : null}
				</p>
			) : (
				<OfficeTable
					caption="Upcoming events with seats taken and left"
					headings={['Event', 'Starts', 'Seats taken', 'Seats left', ...(may.registrations ? [''] : [])]}
				>
					{summary.aUpcomingEvents.map((event) => (
						<tr key={event.iEventId}>
							<td className={cellClass}>{event.sTitle}</td>
							<td className={cellClass}>{formatInstantDay(event.dStartDate)}</td>
							<td className={cellClass}>{event.nSeatsTaken}</td>
							<td className={cellClass}>{event.nSeatsLeft ?? 'No limit'}</td>
							{may.registrations ? (
								<td className={cellClass}>
									<Link to={`/office/events/${event.iEventId}/registrations`} className={linkClass}>
										Registrations<span className="sr-only"> for {event.sTitle}</span>
									</Link>
								</td>
							) : null}
						</tr>
					))}
				</OfficeTable>
			)}
			{summary.oBackups ? <BackupStatus backups={summary.oBackups} /> : null}
		</OfficePage>
	)
}
