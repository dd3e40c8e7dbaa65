// /api/docs: the API document as one plain HTML page, for people. Every operation by area with
// its method, path, who may call, parameters, body fields and answers; no script, so it reads the
// same in any browser, with JavaScript off and in a text browser. Values are escaped by hono/html.
import { html } from 'hono/html'
import { API_PREFIX } from '~/contract/api'
import type { HttpMethod, OpenApiDocument } from './document'
import type { Operation, Parameter } from './operation-parts'
import { fieldsOf, propertiesOf, type JsonSchema } from './schemas'

export const DOCS_STYLESHEET_PATH = '/docs.css'

/** A schema's kind in a few words: `integer, 1 to 50, default 9`, `one of json, csv`. */
function kindOf(schema: JsonSchema) {
	const parts: string[] = []
	if (Array.isArray(schema.enum)) parts.push(`one of ${schema.enum.join(', ')}`)
	else if (typeof schema.type === 'string') parts.push(schema.type)
	if (typeof schema.minimum === 'number' && typeof schema.maximum === 'number') parts.push(`${schema.minimum} to ${schema.maximum}`)
	if (typeof schema.maxLength === 'number') parts.push(`at most ${schema.maxLength} characters`)
	if (typeof schema.pattern === 'string') parts.push(`matching ${schema.pattern}`)
	if (schema.default !== undefined && typeof schema.default !== 'object') parts.push(`default ${String(schema.default)}`)
	return parts.join(', ')
}

/** A deepObject parameter is listed leaf by leaf, as it is written in the address: `oFilter[nYear]`. */
function parameterItems(parameter: Parameter) {
	const where = parameter.in === 'path' ? 'in the path' : 'in the query'
	if (parameter.style !== 'deepObject') {
		return [html`<li><code>${parameter.name}</code> (${where}${parameter.required ? ', required' : ''}): ${kindOf(parameter.schema)}</li>`]
	}
	return Object.entries(propertiesOf(parameter.schema)).map(
		([leaf, schema]) => html`<li><code>${parameter.name}[${leaf}]</code> (${where}): ${kindOf(schema)}</li>`,
	)
}

function bodyItem(operation: Operation) {
	const content = operation.requestBody?.content
	if (!content) return ''
	const [[mediaType, { schema = {} }]] = Object.entries(content) as [[string, { schema?: JsonSchema }]]
	const fields = fieldsOf(schema).map(
		({ name, required, schema: field }) =>
			html`<li><code>${name}</code>${required ? ' (required)' : ''}${field.contentEncoding === 'base64' ? ', RSA-encrypted' : ''}</li>`,
	)
	return html`<dt>Body (${mediaType})</dt>
		<dd>
			${
				fields.length > 0
					? html`<ul>
							${fields}
						</ul>`
					: 'Any fields of the form (see the JSON document).'
			}
		</dd>`
}

function answersItem(operation: Operation) {
	const codes = Object.keys(operation.responses)
	const success = codes.find((code) => code.startsWith('2'))!
	const kinds = Object.keys(operation.responses[success]!.content ?? {}).map(
		(type) => ({ 'application/json': 'JSON', 'text/csv': 'CSV', 'application/pdf': 'PDF' })[type] ?? type,
	)
	const errors = codes.filter((code) => code !== success)
	return html`<dt>Answers</dt>
		<dd>${success}: ${kinds.join(' or ')}${errors.length > 0 ? `; errors ${errors.join(', ')}` : ''}</dd>`
}

/** Backticks in the document's descriptions become code. */
const withCode = (text: string) => text.split('`').map((part, index) => (index % 2 === 1 ? html`<code>${part}</code>` : part))

function operationSection(method: HttpMethod, path: string, operation: Operation) {
	const parameters = (operation.parameters ?? []).flatMap(parameterItems)
	return html`<section aria-labelledby="${operation.operationId}">
		<h3 id="${operation.operationId}"><span class="method">${method.toUpperCase()}</span> <code>${API_PREFIX}${path}</code></h3>
		<p class="summary">${operation.summary} <span class="entry">(${operation['x-entries'].join(', ')})</span></p>
		${operation.description.split('\n\n').map((paragraph) => html`<p>${withCode(paragraph)}</p>`)}
		<dl>
			<dt>Roles</dt>
			<dd>${operation['x-roles'].join(', ')}</dd>
			${
				parameters.length > 0
					? html`<dt>Parameters</dt>
							<dd>
								<ul>
									${parameters}
								</ul>
							</dd>`
					: ''
			}
			${bodyItem(operation)} ${answersItem(operation)}
		</dl>
	</section>`
}

export async function renderDocsPage(document: OpenApiDocument) {
	const byTag = new Map(document.tags.map((tag) => [tag.name, [] as ReturnType<typeof operationSection>[]]))
	for (const [path, item] of Object.entries(document.paths)) {
		for (const [method, operation] of Object.entries(item) as [HttpMethod, Operation][])
			byTag.get(operation.tags[0])!.push(operationSection(method, path, operation))
	}
	const areaId = (name: string) => `area-${name.toLowerCase().replaceAll(' ', '-')}`
	const count = [...byTag.values()].reduce((sum, operations) => sum + operations.length, 0)
	const jsonLink = html`<a href="${API_PREFIX}/openapi.json">the OpenAPI 3.1 document (JSON)</a>`
	const page = html`<!DOCTYPE html>
		<html lang="en">
			<head>
				<meta charset="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<title>${document.info.title}: every call</title>
				<link rel="stylesheet" href="${API_PREFIX}${DOCS_STYLESHEET_PATH}" />
			</head>
			<body>
				<main>
					<h1>${document.info.title}</h1>
					<p>${count} calls in ${byTag.size} areas, under <code>${API_PREFIX}</code>. For programs, the same in ${jsonLink}.</p>
					${document.info.description.split('\n\n').map((paragraph) => html`<p>${withCode(paragraph)}</p>`)}
					<nav aria-labelledby="areas">
						<h2 id="areas">Areas</h2>
						<ul>
							${[...byTag].map(([name, operations]) => html`<li><a href="#${areaId(name)}">${name}</a> (${operations.length})</li>`)}
						</ul>
					</nav>
					${[...byTag].map(
						([name, operations]) =>
							html`<section aria-labelledby="${areaId(name)}">
								<h2 id="${areaId(name)}">${name}</h2>
								${operations}
							</section>`,
					)}
				</main>
				<footer><p>Made from the contract table (app/contract/table.ts). Download ${jsonLink}.</p></footer>
			</body>
		</html> `
	return String(await page)
}

/** Readable on a phone and in print; the portal's own stylesheet is not the API's to link. */
export const DOCS_STYLESHEET = `
body { font: 1rem/1.5 system-ui, sans-serif; color: #1a1a1a; background: #fff; margin: 0 auto; padding: 1rem; max-width: 60rem; }
h1 { font-size: 1.75rem; } h2 { margin-top: 2.5rem; border-bottom: 2px solid #0b4f8a; } h3 { font-size: 1.05rem; margin-bottom: .25rem; overflow-wrap: anywhere; }
section section { border-top: 1px solid #ccc; padding-top: .5rem; }
code { font-family: ui-monospace, monospace; font-size: .95em; background: #f2f2f2; padding: 0 .2em; overflow-wrap: anywhere; }
.method { display: inline-block; min-width: 4.5em; font-family: ui-monospace, monospace; color: #fff; background: #0b4f8a; padding: 0 .3em; border-radius: 3px; }
.summary { font-weight: 600; margin: .25rem 0; } .entry { font-weight: 400; color: #4a4a4a; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; } dt { font-weight: 600; } dd { margin: 0; } dd ul { margin: 0; padding-left: 1.2rem; }
a { color: #0b4f8a; }
@media (max-width: 36rem) { dl { display: block; } dd { margin-bottom: .5rem; } }
`
