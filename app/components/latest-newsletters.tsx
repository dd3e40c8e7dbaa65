import type { NewsletterIssue } from '~/contract/newsletters'
import { HomeSection } from './home-section'
import { NewsletterIssueCard } from './newsletter-issue'

/** Home page: the newest issues; the section is left out when there is none. */
export function LatestNewsletters({ issues, mediaBaseUrl }: { issues: NewsletterIssue[]; mediaBaseUrl: string }) {
	if (issues.length === 0) return null
	return (
		<HomeSection id="latest-newsletters" title="Latest newsletters" more={{ href: '/newsletters', label: 'All newsletters' }}>
			<ul className="mt-6 grid gap-6 lg:grid-cols-3">
				{issues.map((issue) => (
					<li key={issue.iRecordId}>
						<NewsletterIssueCard issue={issue} mediaBaseUrl={mediaBaseUrl} heading="h3" compact />
					</li>
				))}
			</ul>
		</HomeSection>
	)
}
