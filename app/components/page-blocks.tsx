import type { PageBlock } from '~/contract/api'

/** Renders stored page text; blocks are plain text, so nothing from the database is parsed as HTML. */
export function PageBlocks({ blocks }: { blocks: PageBlock[] }) {
	return (
		<div className="space-y-4 text-lg leading-relaxed text-slate-800">
			{blocks.map((block, i) => {
				if (block.sType === 'heading')
					return (
						<h2 key={i} className="pt-4 text-2xl font-semibold text-brand-900">
							{block.sText}
						</h2>
					)
				if (block.sType === 'list')
					return (
						<ul key={i} className="list-disc space-y-1 pl-6">
							{block.aItems.map((item) => (
								<li key={item}>{item}</li>
							))}
						</ul>
					)
				return <p key={i}>{block.sText}</p>
			})}
		</div>
	)
}
