import { expect, test } from 'vitest'
import { memberRegistrationFormSchema, studentRegistrationFormSchema } from './accounts'
import { newsletterSubscriptionSchema } from './newsletters'
import { correctAccountSchema } from './office/accounts'
import { asOneLine } from './one-line'

const NOT_ONE_LINE = [
	'Asha\nYour account is locked: https://evil.example',
	'Asha\r\nKulkarni',
	'Asha\u2028Kulkarni',
	'Asha\tKulkarni',
	'Asha\u0007',
	'\u202EAsha',
]

test('a name typed at sign-up, in a profile or by the office is one line, without control characters', () => {
	const nameFields = [
		[newsletterSubscriptionSchema.shape.sFullName, 'Name must be one line, without line breaks or other control characters'],
		[memberRegistrationFormSchema.shape.sFullName, 'Full name must be one line, without line breaks or other control characters'],
		[studentRegistrationFormSchema.shape.sFullName, 'Full name must be one line, without line breaks or other control characters'],
		[correctAccountSchema.shape.sFullName.unwrap(), 'Full name must be one line, without line breaks or other control characters'],
	] as const
	for (const [schema, message] of nameFields) {
		for (const name of NOT_ONE_LINE)
			expect(
				schema.safeParse(name).error?.issues.map((issue) => issue.message),
				JSON.stringify(name),
			).toEqual([message])
		// Indian scripts join letters with zero-width (non-)joiners: they are part of a name.
		for (const name of ['  Asha Kulkarni\n', 'Dr. A. K. Sharma', 'आशा कुलकर्णी', 'क्\u200Dष']) expect(schema.safeParse(name).success, name).toBe(true)
	}
})

test('a name kept from before the rule is made one line', () => {
	expect(asOneLine(' Asha\r\n\tKulkarni\u2028 ')).toBe('Asha Kulkarni')
})
