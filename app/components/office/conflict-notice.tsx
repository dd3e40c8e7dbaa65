// Shown when an office edit was refused because someone else saved first: both versions side by
// side, so the editor can decide what to keep. The form below it still holds what they typed.
import { TableScroller } from './office-nav'
import type { ConflictField } from '~/utils/page-data'
export type { ConflictField }

export function ConflictNotice({ message, fields }: { message: string; fields: ConflictField[] }) {
	const differing = fields.filter((field) => field.yours !== field.current)
	return (
		<section role="alert" aria-labelledby="conflict-heading" className="mb-6 rounded border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">
			<h2 id="conflict-heading" className="text-lg font-semibold">
				{message}
			</h2>
			<p className="mt-1">Your changes are still in the form below. Compare them with what is saved now, then save again to keep yours.</p>
			{differing.length > 0 ? (
				<TableScroller label="Your version and the saved version" className="mt-3">
					<table className="w-full min-w-[32rem] border-collapse text-left text-sm">
						<caption className="sr-only">Your version and the saved version</caption>
						<thead>
							<tr>
								<th scope="col" className="border-b border-amber-300 py-1 pr-3">
									Field
								</th>
								<th scope="col" className="border-b border-amber-300 py-1 pr-3">
									Your version
								</th>
								<th scope="col" className="border-b border-amber-300 py-1">
									Saved now
								</th>
							</tr>
						</thead>
						<tbody>
							{differing.map((field) => (
								<tr key={field.label} className="align-top">
									<th scope="row" className="py-1 pr-3 font-medium">
										{field.label}
									</th>
									<td className="py-1 pr-3 whitespace-pre-wrap">{field.yours || '(empty)'}</td>
									<td className="py-1 whitespace-pre-wrap">{field.current || '(empty)'}</td>
								</tr>
							))}
						</tbody>
					</table>
				</TableScroller>
			) : null}
		</section>
	)
}
