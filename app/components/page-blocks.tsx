import type { PageBlock } from '~/contract/api'

/** Renders stored page text; blocks are plain text, so nothing from the database is parsed as HTML. */
export function PageBlocks({ blocks, mediaBaseUrl }: { blocks: PageBlock[]; mediaBaseUrl: string }) {
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
				if (block.sType === 'link')
					return (
						<p key={i}>
							<a href={block.sUrl} className="font-medium text-brand-700 underline underline-offset-4">
								{block.sText}
							</a>
						</p>
					)
				if (block.sType === 'file')
					return (
						<p key={i}>
							<a href={`${mediaBaseUrl}${block.sPath}`} className="font-medium text-brand-700 underline underline-offset-4" download>
								{block.sText} (PDF)
							</a>
						</p>
					)
				return <p key={i}>{block.sText}</p>
			})}
		</div>
	)
}
