// /office/announcements/{iAnnouncementId}/withdraw: says that members will no longer see the
// announcement, and that it cannot be brought back, before it is withdrawn.
import { alertOutcome } from '~/.server/office-form'
import { announcementIdOf, loadAnnouncement } from '~/.server/office-records'
import { officeCaller } from '~/.server/office-caller'
import { apiTable } from '~/contract/table'
import { ConfirmPage } from '~/components/office/confirm-page'
import type { Route } from './+types/announcement-withdraw'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeAnnouncements.withdraw)
	return { announcement: await loadAnnouncement(api, args.params) }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeAnnouncements.withdraw)
	throw await alertOutcome(session, await api.officeAnnouncements.withdraw({ iAnnouncementId: announcementIdOf(args.params) }), '/office/announcements')
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.announcement.sTitle} | Office` : 'Announcement | Office' }]

export default function AnnouncementWithdraw({ loaderData: { announcement } }: Route.ComponentProps) {
	return (
		<ConfirmPage title={`Withdraw “${announcement.sTitle}”?`} confirmLabel="Withdraw it" keepTo={`/office/announcements/${announcement.iAnnouncementId}`}>
			<p className="text-lg">Members will no longer see it, and it cannot be brought back. {announcement.nReads} members have read it.</p>
		</ConfirmPage>
	)
}
