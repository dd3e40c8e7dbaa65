// /member/my-data.json and .html (and the student's): "Download my data" from the profile page. One
// call to the API (audited there), answered as a file to keep: the JSON for programs, or a page of
// its own to read or print, with its styles inside, so it opens anywhere without the portal.
import { renderToStaticMarkup } from 'react-dom/server'
import { accountContext } from '~/.server/caller'
import { getConfig } from '~/.server/config'
import { dataOf } from '~/.server/replies'
import { OwnDataSummary } from '~/components/own-data-summary'
import type { OwnData } from '~/contract/own-data'
import type { Route } from './+types/own-data-file'

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;color:#1e293b;max-width:60rem;margin:2rem auto;padding:0 1rem}
h1{font-size:1.75rem}h2{font-size:1.25rem;margin-top:2rem;border-bottom:1px solid #cbd5e1}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #cbd5e1;padding:.25rem .5rem;text-align:left;vertical-align:top}
dl div{display:flex;gap:1rem}dt{font-weight:600;min-width:12rem}dd{margin:0}@media print{h2{break-after:avoid}tr{break-inside:avoid}}`

function summaryDocument(data: OwnData, branchName: string) {
	const page = (
		<html lang="en">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<title>{`Your data at the ${branchName} portal`}</title>
				<style>{STYLE}</style>
			</head>
			<body>
				<OwnDataSummary data={data} branchName={branchName} />
			</body>
		</html>
	)
	return `<!DOCTYPE html>${renderToStaticMarkup(page)}`
}

export async function loader({ url, context }: Route.LoaderArgs) {
	const { api } = context.get(accountContext)
	const format = url.pathname.endsWith('.html') ? 'html' : 'json'
	const data = dataOf(await api.ownData.download({}))
	const body = format === 'json' ? `${JSON.stringify(data, null, 2)}\n` : summaryDocument(data, getConfig().branch.name)
	return new Response(body, {
		headers: {
			'content-type': format === 'json' ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
			'content-disposition': `attachment; filename="my-data-${data.dGeneratedAt.slice(0, 10)}.${format}"`,
			'cache-control': 'private, no-store',
			'x-content-type-options': 'nosniff',
		},
	})
}
