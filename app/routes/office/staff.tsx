// /office/staff (administrators): the office's users. Add one with a first password, change a
// role, disable or enable, set a new password, clear wrong two-factor codes (and lift a lock).
// The last administrator cannot be lost.
import { getSelectProps, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { apiPublicKey } from '~/.server/accounts'
import { encryptPasswords } from '~/.server/password-encryption'
import { officeCaller } from '~/.server/office-caller'
import { officeAction, officeForm, alertOutcome, UNKNOWN_BUTTON } from '~/.server/office-form'
import { apiTable } from '~/contract/table'
import { dataOf } from '~/.server/replies'
import { redirectWithOfficeAlert } from '~/.server/office-session'
import { schemaChecks, useCheckedForm, type FormConstraint } from '~/components/checked-form'
import { controlClass, ErrorList, SubmitButton, TextField, useIsSubmitting } from '~/components/forms'
import { cellClass, OfficePage, OfficeTable } from '~/components/office/office-nav'
import { recordIdSchema } from '~/contract/api'
import { STAFF_ROLE_DUTIES, STAFF_ROLE_NAMES, STAFF_ROLES } from '~/contract/office/staff-roles'
import { newStaffSchema, staffPasswordSchema, staffRoleFormSchema } from '~/contract/office/staff'
import type { StaffUser } from '~/contract/office/staff'
import { formatIndiaMoment, formatInstantDay } from '~/utils/kolkata-date'
import type { Route } from './+types/staff'

export async function loader(args: Route.LoaderArgs) {
	const { api, staff } = officeCaller(args, apiTable.officeStaff.list)
	return { users: dataOf(await api.officeStaff.list({})), me: staff.sUsername, roles: STAFF_ROLES, addConstraint: getZodConstraint(newStaffSchema) }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeStaff.list)
	const back = '/office/staff'
	/** A button on one staff user's row: the user it names, or the page again with a reason. */
	const onUser = (act: (iStaffId: number, formData: FormData) => Promise<{ ok: boolean; message: string }>) => async (formData: FormData) => {
		const id = recordIdSchema.safeParse(formData.get('iStaffId'))
		return alertOutcome(session, id.success ? await act(id.data, formData) : { ok: false, message: UNKNOWN_BUTTON }, back)
	}
	return officeAction(args.request, {
		add: (formData) =>
			officeForm(formData, {
				schema: newStaffSchema,
				call: async (value) => api.officeStaff.add({ body: encryptPasswords(await apiPublicKey(api), value) }),
				done: (answer) => redirectWithOfficeAlert(session, back, answer.message),
			}),
		role: onUser(async (iStaffId, formData) => {
			const role = staffRoleFormSchema.safeParse({ sRole: formData.get('sRole') })
			return role.success
				? api.officeStaff.setRole({ iStaffId, body: role.data })
				: { ok: false, message: 'Choose a role: administrator, editor, accounts or desk.' }
		}),
		password: onUser(async (iStaffId, formData) => {
			const password = staffPasswordSchema.safeParse({ sPassword: formData.get('sPassword') })
			if (!password.success) return { ok: false, message: password.error.issues[0]!.message }
			return api.officeStaff.setPassword({ iStaffId, body: encryptPasswords(await apiPublicKey(api), password.data) })
		}),
		enable: onUser((iStaffId) => api.officeStaff.enable({ iStaffId })),
		wrongCodes: onUser((iStaffId) => api.officeStaff.clearWrongCodes({ iStaffId })),
		disable: onUser((iStaffId) => api.officeStaff.disable({ iStaffId })),
	})
}

export const meta: Route.MetaFunction = () => [{ title: 'Staff | Office' }]

function AddForm({ constraint, lastResult }: { constraint: FormConstraint; lastResult?: SubmissionResult<string[]> }) {
	const [form, fields, formProps] = useCheckedForm({
		id: 'add-staff',
		lastResult,
		constraint,
		shouldValidate: 'onBlur',
		checks: schemaChecks(() => import('~/contract/office/staff').then((contract) => contract.newStaffSchema)),
		defaultValue: { sRole: 'editor' },
	})
	const busy = useIsSubmitting('add')
	const { key, ...select } = getSelectProps(fields.sRole)
	return (
		<Form method="post" {...formProps} className="grid gap-4 rounded border border-slate-200 p-4 sm:grid-cols-2">
			<h2 className="text-xl font-semibold text-brand-900 sm:col-span-2">Add an office user</h2>
			<ErrorList id={form.errorId} errors={form.errors} />
			<TextField
				meta={fields.sUsername}
				label="Username"
				autoComplete="off"
				autoCapitalize="none"
				hint="3 to 32 lower-case letters, digits, dots, dashes or underscores"
			/>
			<TextField meta={fields.sFullName} label="Full name" />
			<div>
				<label htmlFor={fields.sRole.id} className="block font-medium text-slate-800">
					Role
				</label>
				<select key={key} {...select} className={controlClass}>
					{STAFF_ROLES.map((role) => (
						<option key={role} value={role}>
							{STAFF_ROLE_NAMES[role]}: {STAFF_ROLE_DUTIES[role]}
						</option>
					))}
				</select>
				<ErrorList id={fields.sRole.errorId} errors={fields.sRole.errors} />
			</div>
			<TextField
				meta={fields.sPassword}
				label="First password"
				type="password"
				autoComplete="new-password"
				hint="At least 8 characters; tell it to the person, who can use it at once"
			/>
			<div className="sm:col-span-2">
				<SubmitButton name="intent" value="add" disabled={busy}>
					{busy ? 'Adding…' : 'Add the user'}
				</SubmitButton>
			</div>
		</Form>
	)
}

/** Active or disabled, with two-factor sign-in and any wrong codes after a right password. */
function StaffState({ user }: { user: StaffUser }) {
	return (
		<>
			{user.dDisabledAt ? 'Disabled' : 'Active'}
			{user.bTwoFactor ? <span className="block text-slate-600">Two-factor sign-in</span> : null}
			{user.bCodeLocked ? <strong className="block text-red-800">Code step locked after {user.nWrongCodes} wrong codes</strong> : null}
			{!user.bCodeLocked && user.nWrongCodes > 0 ? <span className="block text-amber-900">{user.nWrongCodes} wrong codes in a row</span> : null}
			{user.dWrongCodesAlertAt ? (
				<span className="block text-amber-900">Right password, wrong codes since {formatIndiaMoment(user.dWrongCodesAlertAt)}</span>
			) : null}
		</>
	)
}

export default function OfficeStaff({ loaderData: { users, me, roles, addConstraint }, actionData }: Route.ComponentProps) {
	return (
		<OfficePage
			title="Office users"
			lead="Administrators do everything; editors publish the branch’s content; accounts take payments and keep the registers; the desk marks an event’s attendance. Disabling a user, a new role or a new password ends their sign-ins at once."
		>
			<OfficeTable caption="Office users" headings={['User', 'Role', 'Since', 'State', 'Change']}>
				{users.map((user) => (
					<tr key={user.iStaffId}>
						<td className={cellClass}>
							{user.sFullName}
							<span className="block text-slate-600">{user.sUsername}</span>
						</td>
						<td className={cellClass}>{STAFF_ROLE_NAMES[user.sRole]}</td>
						<td className={cellClass}>{formatInstantDay(user.dCreatedAt)}</td>
						<td className={cellClass}>
							<StaffState user={user} />
						</td>
						<td className={`${cellClass} space-y-2`}>
							<Form method="post" className="flex flex-wrap items-center gap-2">
								<input type="hidden" name="iStaffId" value={user.iStaffId} />
								<label className="sr-only" htmlFor={`role-${user.iStaffId}`}>
									Role of {user.sUsername}
								</label>
								<select id={`role-${user.iStaffId}`} name="sRole" defaultValue={user.sRole} className="rounded border border-slate-400 px-2 py-1">
									{roles.map((role) => (
										<option key={role} value={role}>
											{STAFF_ROLE_NAMES[role]}
										</option>
									))}
								</select>
								<button type="submit" name="intent" value="role" className="min-h-11 font-medium text-brand-700 underline">
									Change role<span className="sr-only"> of {user.sUsername}</span>
								</button>
								{user.sUsername === me ? null : (
									<button type="submit" name="intent" value={user.dDisabledAt ? 'enable' : 'disable'} className="min-h-11 font-medium text-brand-700 underline">
										{user.dDisabledAt ? 'Enable' : 'Disable'}
										<span className="sr-only"> {user.sUsername}</span>
									</button>
								)}
								{user.nWrongCodes > 0 || user.dWrongCodesAlertAt ? (
									<button type="submit" name="intent" value="wrongCodes" className="min-h-11 font-medium text-brand-700 underline">
										{user.bCodeLocked ? 'Lift the lock' : 'Clear the wrong codes'}
										<span className="sr-only"> of {user.sUsername}</span>
									</button>
								) : null}
							</Form>
							<Form method="post" className="flex flex-wrap items-center gap-2">
								<input type="hidden" name="iStaffId" value={user.iStaffId} />
								<label className="sr-only" htmlFor={`password-${user.iStaffId}`}>
									New password for {user.sUsername}
								</label>
								<input
									id={`password-${user.iStaffId}`}
									name="sPassword"
									type="password"
									autoComplete="new-password"
									placeholder="New password"
									className="rounded border border-slate-400 px-2 py-1"
								/>
								<button type="submit" name="intent" value="password" className="min-h-11 font-medium text-brand-700 underline">
									Set password<span className="sr-only"> of {user.sUsername}</span>
								</button>
							</Form>
						</td>
					</tr>
				))}
			</OfficeTable>
			<div className="mt-8">
				<AddForm constraint={addConstraint} lastResult={actionData?.result} />
			</div>
		</OfficePage>
	)
}
