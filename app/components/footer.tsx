import { Link } from 'react-router'
import type { BranchParticulars, NewsletterOutcome } from '~/utils/page-data'
import { NewsletterForm } from './newsletter-form'

type FooterProps = { branch: BranchParticulars; year: number; newsletter: NewsletterOutcome | null }

const heading = 'text-sm font-semibold uppercase tracking-wide text-brand-100'
const link = 'text-white underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-white'

function LinkList({ title, links }: { title: string; links: Array<[label: string, href: string]> }) {
	const id = `footer-${title.toLowerCase().replaceAll(' ', '-')}`
	return (
		<section aria-labelledby={id}>
			<h2 id={id} className={heading}>
				{title}
			</h2>
			<ul className="mt-3 space-y-2">
				{links.map(([label, href]) => (
					<li key={href}>
						{href.startsWith('/') ? (
							<Link className={link} to={href}>
								{label}
							</Link>
						) : (
							<a className={link} href={href}>
								{label}
							</a>
						)}
					</li>
				))}
			</ul>
		</section>
	)
}

/** Spec §2 footer: contact, five social links, about-us and resources links, newsletter, copyright. */
export function Footer({ branch, year, newsletter }: FooterProps) {
	return (
		<footer className="mt-16 bg-brand-900 text-slate-100">
			<div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
				<section aria-labelledby="footer-contact">
					<h2 id="footer-contact" className={heading}>
						Contact us
					</h2>
					<address className="mt-3 space-y-2 not-italic">
						<p>{branch.address}</p>
						<p>
							Phone:{' '}
							<a className={link} href={`tel:${branch.phone.replaceAll(' ', '')}`}>
								{branch.phone}
							</a>
						</p>
						<p>
							E-mail:{' '}
							<a className={link} href={`mailto:${branch.email}`}>
								{branch.email}
							</a>
						</p>
						<p>
							<a className={link} href={branch.mapUrl} rel="noopener noreferrer">
								Find us on the map
							</a>
						</p>
					</address>
				</section>
				<LinkList
					title="About us"
					links={[
						['About the branch', '/about'],
						['Overview', '/overview'],
						['Managing committee', '/managing-committee'],
						['Services', '/services'],
						['Policies', '/policies'],
						['Privacy notice', '/privacy'],
						['Accessibility', '/accessibility'],
					]}
				/>
				<div className="space-y-10">
					<LinkList
						title="Resources"
						links={[
							['Events', '/events'],
							['Newsletters', '/newsletters'],
							['Gallery', '/gallery'],
							['Resources', '/resources'],
						]}
					/>
					<LinkList title="Follow us" links={Object.entries(branch.social)} />
				</div>
				<NewsletterForm flash={newsletter} />
			</div>
			<div className="border-t border-brand-800">
				<p className="mx-auto max-w-6xl px-4 py-4 text-sm text-brand-100">
					© {year} {branch.name}, {branch.institute}. All rights reserved.
				</p>
			</div>
		</footer>
	)
}
