// Inputs for fuzz tests, made from the contract's zod schemas: mostly values a schema takes, so a
// call gets past validation to the database, with hostile text (NUL, lone surrogates, very long,
// any unicode) in its strings and, now and then at any level, a value of the wrong shape.
import fc from 'fast-check'
import type { z } from 'zod'

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit))

/** Text no form would send: a NUL or a lone surrogate inside other text, a very long run, any unicode. */
export const hostileString = fc.oneof(
	{ weight: 3, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `${a}\u0000${b}`) },
	{ weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), loneSurrogate, fc.string({ maxLength: 8 })).map(([a, unit, b]) => a + unit + b) },
	{
		weight: 1,
		arbitrary: fc
			.tuple(fc.string({ minLength: 1, maxLength: 4 }), fc.integer({ min: 1_000, max: 20_000 }))
			.map(([run, length]) => run.repeat(length).slice(0, length)),
	},
	{ weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
	{ weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
)

/** Any JSON value (arrays, nested objects, numbers, null), its strings and keys hostile. */
export const junk: fc.Arbitrary<unknown> = fc.anything({
	maxDepth: 3,
	maxKeys: 4,
	key: fc.oneof(fc.string({ maxLength: 8 }), hostileString),
	values: [hostileString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null)],
})

type Bag = { minimum?: number; maximum?: number; format?: string; patterns?: Set<RegExp> }
type Def = { type: string; [key: string]: unknown }
const internals = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def; bag: Bag } })._zod

/** Fits a string into a length range, so hostile text still passes a field's min and max. */
const fitted =
	(min = 0, max = 200) =>
	(text: string) =>
		text.padEnd(min, 'x').slice(0, Math.max(min, max))

const isoDate = fc.date({ min: new Date('1950-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }).map((date) => date.toISOString())
const DATE_FORMS = [
	{ example: '2001-02-03', arbitrary: isoDate.map((iso) => iso.slice(0, 10)) },
	{ example: '2001-02', arbitrary: isoDate.map((iso) => iso.slice(0, 7)) },
	{ example: '2001-02-03T04:05', arbitrary: isoDate.map((iso) => iso.slice(0, 16)) },
]

function stringArbitrary({ minimum, maximum, format, patterns }: Bag) {
	const pattern = patterns && [...patterns][0]
	let valid: fc.Arbitrary<string> = fc.string({ minLength: minimum ?? 0, maxLength: Math.min(maximum ?? 40, 40) })
	// Free text takes hostile text as well as any: half of it is (and now and then a day, for a
	// date checked by a refinement); a field with a pattern mostly gets what fits.
	if (!format && !pattern)
		return fc.oneof(
			{ weight: 4, arbitrary: valid },
			{ weight: 4, arbitrary: hostileString.map(fitted(minimum, maximum)) },
			{ weight: 1, arbitrary: DATE_FORMS[0]!.arbitrary },
		)
	if (format === 'email') valid = fc.stringMatching(/^[a-z][a-z0-9]{0,9}@[a-z]{2,8}\.(in|org)$/)
	else if (format === 'url') valid = fc.webUrl()
	else if (pattern) {
		try {
			valid = fc.stringMatching(pattern)
		} catch {
			// A pattern fast-check cannot read (a lookahead): any text, which the field will mostly refuse.
		}
		// A date field also gets real dates: a pattern alone mostly makes days like 2026-02-31.
		const dates = DATE_FORMS.filter((form) => pattern.test(form.example)).map((form) => form.arbitrary)
		if (dates.length > 0) valid = fc.oneof(valid, ...dates)
	}
	return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: hostileString.map(fitted(minimum, maximum)) })
}

function numberArbitrary({ minimum, maximum, format }: Bag) {
	const min = Math.max(minimum ?? -1_000, -1e9)
	const max = Math.min(maximum ?? 10_000, 1e9)
	const whole = fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
	return format === 'safeint' || format === 'int32' ? whole : fc.oneof(whole, fc.double({ min, max, noNaN: true }))
}

const endsInTransform = (schema: z.ZodType): boolean => {
	const { def } = internals(schema)
	return def.type === 'transform' || (def.type === 'pipe' && endsInTransform(def.out as z.ZodType))
}

/** The values a schema takes, as far as its shape tells (refinements aside), before any junk. */
function validArbitrary(schema: z.ZodType, depth: number): fc.Arbitrary<unknown> {
	const { def, bag } = internals(schema)
	// A field or an item may be junk itself; a wrapper (optional, a pipe...) adds no further chance of it.
	const inner = (child: unknown) => schemaArbitrary(child as z.ZodType, depth + 1)
	const same = (child: unknown) => validArbitrary(child as z.ZodType, depth)
	switch (def.type) {
		case 'string':
			return stringArbitrary(bag)
		case 'number':
			return numberArbitrary(bag)
		case 'boolean':
			return fc.boolean()
		case 'enum':
			return fc.constantFrom(...Object.values(def.entries as Record<string, string>))
		case 'literal':
			return fc.constantFrom(...(def.values as unknown[]))
		case 'object':
			return fc.record(Object.fromEntries(Object.entries(def.shape as Record<string, z.ZodType>).map(([key, child]) => [key, inner(child)])))
		case 'array':
			return fc.array(inner(def.element), { minLength: bag.minimum ?? 0, maxLength: Math.max(bag.minimum ?? 0, Math.min(bag.maximum ?? 3, 3)) })
		case 'tuple':
			return fc.tuple(...(def.items as z.ZodType[]).map(inner))
		case 'union':
			return fc.oneof(...(def.options as z.ZodType[]).map(same))
		case 'record':
			return fc.dictionary(inner(def.keyType) as fc.Arbitrary<string>, inner(def.valueType), { maxKeys: 3 })
		case 'optional':
			return fc.option(same(def.innerType), { nil: undefined })
		case 'nullable':
			return fc.option(same(def.innerType), { nil: null })
		case 'default':
		case 'prefault':
		case 'catch':
		case 'readonly':
		case 'nonoptional':
			return same(def.innerType)
		case 'lazy':
			return inner((def.getter as () => z.ZodType)())
		case 'pipe': {
			// A preprocess: what its schema takes. A transform, or a pipe after one
			// (`.transform(Number).pipe(...)`): what the first half takes. Else (`.pipe(z.email())`) the stricter second half.
			const [from, to] = [def.in as z.ZodType, def.out as z.ZodType]
			if (internals(from).def.type === 'transform') return same(to)
			return same(internals(to).def.type === 'transform' || endsInTransform(from) ? from : to)
		}
		default:
			return junk
	}
}

/**
 * A value for `schema`: mostly one it takes, at times one of any shape (the whole input more often
 * than a nested field, so most inputs stay close enough to pass and reach the database).
 */
export function schemaArbitrary(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
	if (depth > 6) return junk
	return fc.oneof({ weight: depth === 0 ? 8 : 30, arbitrary: validArbitrary(schema, depth) }, { weight: 1, arbitrary: junk })
}

/** Every object key any of `schemas` names, nested ones too: the field names a fuzzed form uses. */
export function fieldNames(schemas: z.ZodType[]) {
	const names = new Set<string>()
	const seen = new Set<unknown>()
	const walk = (value: unknown): void => {
		if (typeof value !== 'object' || value === null || seen.has(value)) return
		seen.add(value)
		const def = (value as { _zod?: { def: Def } })._zod?.def
		if (def?.type === 'object') for (const key of Object.keys(def.shape as object)) names.add(key)
		for (const child of Object.values(def ?? value)) walk(child)
	}
	schemas.forEach(walk)
	return [...names]
}
