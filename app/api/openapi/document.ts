// The OpenAPI 3.1 document of the branch API, made from the contract table (app/contract/table.ts)
// and nothing else, so it cannot describe a call the API does not have or miss one it has.
// Entries that share a method and path (a JSON list and its CSV file) are one operation.
import { API_PREFIX } from '~/contract/api'
import { ROLES, FILE_ANSWER, type Access, type Endpoint } from '~/contract/endpoint'
import { isOfficeAccess, STAFF_ROLE_NAMES, STAFF_ROLES } from '~/contract/office/staff-roles'
import type { ApiTable } from '~/contract/table'
import { UPLOAD_FORMS } from './call-notes'
import { describeAnswers, describeParameters, describeRequestBody, ERROR_COMPONENT, type Operation } from './operation-parts'
import type { JsonSchema } from './schemas'

export type HttpMethod = 'get' | 'post' | 'put' | 'delete'
export type OpenApiDocument = {
	openapi: '3.1.0'
	info: { title: string; version: string; description: string }
	servers: { url: string }[]
	tags: { name: string; description: string }[]
	paths: Record<string, Partial<Record<HttpMethod, Operation>>>
	components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, { type: 'http'; scheme: 'bearer'; description: string }> }
}

const ACRONYMS: Record<string, string> = { cpe: 'CPE', csv: 'CSV', gst: 'GST', otp: 'OTP', url: 'URL' }
/** `gstRegisterCsv` -> `GST register CSV`. */
function words(key: string) {
	const text = key
		.split(/(?=[A-Z])/)
		.map((word) => ACRONYMS[word.toLowerCase()] ?? word.toLowerCase())
		.join(' ')
	return text.charAt(0).toUpperCase() + text.slice(1)
}

/** `/events/details/v1/:iEventId` -> `/events/details/v1/{iEventId}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z]\w*)/g, '{$1}')

const TOKEN_SCHEMES = {
	memberToken: `The \`sToken\` a member gets from POST /auth/member/login/v1, sent as \`Authorization: Bearer <token>\`.`,
	studentToken: `The \`sToken\` a student gets from POST /auth/student/login/v1, sent as \`Authorization: Bearer <token>\`.`,
	officeToken: `The \`sToken\` a staff user gets from POST /auth/office/login/v1, sent as \`Authorization: Bearer <token>\`. In the requirement, the office roles admitted.`,
} as const

type Caller = { roles: string[]; words: string; security?: Record<string, string[]>[] }
const roleList = (names: string[]) => (names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`)

function callerOf(access: Access): Caller {
	if (isOfficeAccess(access)) {
		const roles = [...access.office]
		return {
			roles,
			words: `office staff whose role is ${roleList(roles.map((role) => STAFF_ROLE_NAMES[role].toLowerCase()))}`,
			security: [{ officeToken: roles }],
		}
	}
	switch (access) {
		case 'public':
			return { roles: ['anyone'], words: 'anyone' }
		case 'member':
			return { roles: ['member'], words: 'a signed-in member, with the member’s token', security: [{ memberToken: [] }] }
		case 'student':
			return { roles: ['student'], words: 'a signed-in student, with the student’s token', security: [{ studentToken: [] }] }
		case 'account':
			return {
				roles: [...ROLES],
				words: 'a signed-in member or student: `role` in the path says which, and the token must be that role’s',
				security: [{ memberToken: [] }, { studentToken: [] }],
			}
	}
}

function operationOf(area: string, entries: Endpoint[]): Operation {
	const json = entries.find((entry) => entry.data !== FILE_ANSWER)
	const main = json ?? entries[0]!
	const caller = callerOf(main.access)
	const key = main.name.slice(area.length + 1)
	const parameters = describeParameters(main)
	const requestBody = describeRequestBody(main)
	return {
		operationId: main.name,
		tags: [words(area)],
		summary: words(key),
		description: descriptionOf(main, entries, caller),
		...(parameters.length > 0 && { parameters }),
		...(requestBody && { requestBody }),
		responses: describeAnswers(main, entries),
		...(caller.security && { security: caller.security }),
		'x-roles': caller.roles,
		'x-entries': entries.map((entry) => entry.name),
	}
}

function descriptionOf(main: Endpoint, entries: Endpoint[], caller: Caller) {
	const lines = [`Who may call: ${caller.words}.`]
	const files = entries.filter((entry) => entry.data === FILE_ANSWER)
	if (files.length > 0 && files.length < entries.length)
		lines.push('With `sFormat=csv` the answer is the same list as a CSV file (UTF-8 with a byte order mark and a header row) instead of JSON.')
	else if (files.length > 0) lines.push('The answer is a PDF file, for its owner only.')
	if (main.access === 'public' && main.publicMaxAge) lines.push(`Anyone’s answer may be reused for ${main.publicMaxAge} seconds.`)
	else if (main.access !== 'public') lines.push('Answers are never cached (`Cache-Control: private, no-store`).')
	const note = UPLOAD_FORMS[main.name]?.note
	if (note) lines.push(note)
	return lines.join('\n\n')
}

const areaDescription = (area: string, count: number) => `${count} call${count === 1 ? '' : 's'}; contract entries \`${area}.*\` in app/contract.`

export function buildOpenApiDocument(table: ApiTable): OpenApiDocument {
	const paths: OpenApiDocument['paths'] = {}
	const tags: OpenApiDocument['tags'] = []
	for (const [area, entries] of Object.entries(table)) {
		const groups = new Map<string, Endpoint[]>()
		for (const entry of Object.values(entries) as Endpoint[]) {
			const key = `${entry.method} ${entry.path}`
			groups.set(key, [...(groups.get(key) ?? []), entry])
		}
		for (const group of groups.values()) {
			if (group.filter((entry) => entry.data !== FILE_ANSWER).length > 1) throw new Error(`Two JSON entries share ${group[0]!.method} ${group[0]!.path}`)
			const { method, path } = group[0]!
			const item = (paths[openApiPath(path)] ??= {})
			const verb = method.toLowerCase() as HttpMethod
			if (item[verb]) throw new Error(`${method} ${path} is in two areas`)
			item[verb] = operationOf(area, group)
		}
		tags.push({ name: words(area), description: areaDescription(area, groups.size) })
	}
	return {
		openapi: '3.1.0',
		info: { title: 'Branch portal API', version: '1', description: INFO_DESCRIPTION },
		servers: [{ url: API_PREFIX }],
		tags,
		paths,
		components: {
			schemas: ERROR_COMPONENT,
			securitySchemes: Object.fromEntries(Object.entries(TOKEN_SCHEMES).map(([name, description]) => [name, { type: 'http', scheme: 'bearer', description }])),
		},
	}
}

const INFO_DESCRIPTION = [
	'The branch API: every call of the contract table in app/contract/table.ts, from which this document is made.',
	'A successful JSON answer is `{ "message": string, "data"?: … }`; an error is a 4xx or 5xx status with `{ "message": string, "errors"?: { field: [messages] } }`, field errors keyed by the field’s path (`oFilter.nYear`).',
	'Query parameters use bracket notation (`oFilter[nYear]=2026&oPaging[nPage]=2`): each object parameter is `style: deepObject`. Null and empty values count as left out; a parameter given twice, nested more than four levels or more than fifty parameters answer 400.',
	'Password fields travel RSA-OAEP (SHA-256) encrypted, in base64, under the key of GET /auth/public-key/v1.',
	`\`x-roles\` on each operation lists who may call it: \`anyone\`, \`member\`, \`student\`, or the office roles (${STAFF_ROLES.map((role) => `\`${role}\``).join(', ')}). The security requirement says the same with tokens.`,
].join('\n\n')
