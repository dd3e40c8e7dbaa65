// The pages of the route table (app/routes.ts) that draw a field a person types into or chooses:
// found by reading each page's module and the portal's modules it imports, so a form added later
// is on the list without anyone adding it by hand. The form kit itself (components/forms.tsx)
// defines the fields; a page that imports only its buttons draws none.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import routes from '../../../app/routes'

const APP = path.resolve(import.meta.dirname, '../../../app')
const KIT = path.join(APP, 'components/forms.tsx')

/** A field of the kit, or a plain control that is neither hidden, a button, a file nor a checkbox the kit does not draw. */
const DRAWS_A_FIELD = /<(input|select|textarea)\b(?![^>]*type="(hidden|submit|file)")|<(TextField|TextareaField|SelectField|CheckboxField)\b/
const PORTAL_IMPORT = /^import (?!type )[^'"]*from '((?:~|\.{1,2})\/[^']+)'/gm

function moduleFile(from: string, specifier: string) {
	const base = specifier.startsWith('~/') ? path.join(APP, specifier.slice(2)) : path.resolve(path.dirname(from), specifier)
	return [base, `${base}.tsx`].find((file) => file.endsWith('.tsx') && existsSync(file))
}

const drawn = new Map<string, boolean>()
function drawsAField(file: string): boolean {
	const known = drawn.get(file)
	if (known !== undefined) return known
	drawn.set(file, false)
	const source = readFileSync(file, 'utf8')
	// Only components draw: .tsx modules outside the server's code.
	const imported = [...source.matchAll(PORTAL_IMPORT)]
		.map(([, specifier]) => moduleFile(file, specifier ?? ''))
		.filter((found): found is string => !!found && found.endsWith('.tsx') && found !== KIT && !found.includes('.server'))
	const answer = DRAWS_A_FIELD.test(source) || imported.some(drawsAField)
	drawn.set(file, answer)
	return answer
}

export type FormPage = { id: string; path: string; file: string }

const entries = (list: readonly RouteConfigEntry[], parent = ''): FormPage[] =>
	list.flatMap((entry) => {
		const full = entry.path === undefined ? parent : `${parent}/${entry.path}`
		const own = drawsAField(path.join(APP, entry.file)) ? [{ id: entry.id ?? entry.file.replace(/\.tsx?$/, ''), path: full || '/', file: entry.file }] : []
		return [...own, ...entries(entry.children ?? [], full)]
	})

/** Every page with a field, by route id; `root` is the layout around every page (the footer's subscription form). */
export function formPages(): FormPage[] {
	const root = drawsAField(path.join(APP, 'root.tsx')) ? [{ id: 'root', path: '/', file: 'root.tsx' }] : []
	return [...root, ...entries(routes)]
}
