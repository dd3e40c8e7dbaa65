// /office/newsletters/{iRecordId}/delete: asks before the issue is removed for good.
import { alertOutcome } from '~/.server/office-form'
import { officeCaller } from '~/.server/office-caller'
import { issueIdOf, loadIssue } from '~/.server/office-records'
import { apiTable } from '~/contract/table'
import { ConfirmPage } from '~/components/office/confirm-page'
import type { Route } from './+types/newsletter-delete'

export async function loader(args: Route.LoaderArgs) {
	const { api } = officeCaller(args, apiTable.officeNewsletters.remove)
	return { issue: await loadIssue(api, args.params) }
}

export async function action(args: Route.ActionArgs) {
	const { api, session } = officeCaller(args, apiTable.officeNewsletters.remove)
	throw await alertOutcome(session, await api.officeNewsletters.remove({ iRecordId: issueIdOf(args.params) }), '/office/newsletters')
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.issue.sTitle} | Office` : 'Newsletter | Office' }]

export default function NewsletterDelete({ loaderData: { issue } }: Route.ComponentProps) {
	return (
		<ConfirmPage title={`Delete “${issue.sTitle}”?`} confirmLabel="Delete the issue" keepTo={`/office/newsletters/${issue.iRecordId}`}>
			<p className="text-lg">The issue goes from the newsletters page for good. To take it off the public pages for a while, unpublish it instead.</p>
		</ConfirmPage>
	)
}
