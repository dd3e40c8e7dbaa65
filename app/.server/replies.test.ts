// A refusal is said where the person can see it: beside a field the form has, or at its top.
import { parseWithZod } from '@conform-to/zod/v4'
import { expect, test } from 'vitest'
import { deskAttendanceSchema } from '~/contract/office/registrations'
import { placeErrors } from './replies'

const deskForm = (sNumber: string) => {
	const formData = new FormData()
	formData.set('sNumber', sNumber)
	formData.set('intent', 'desk')
	return parseWithZod(formData, { schema: deskAttendanceSchema })
}

test('a reason for a field the form does not have is said at the top in its own words', () => {
	const placed = placeErrors(deskForm('123456'), {
		message: 'Please correct the highlighted fields.',
		errors: { iEventId: ['Attendance can be marked once the event has started'] },
	})
	expect(placed).toEqual({ fieldErrors: {}, formErrors: ['Attendance can be marked once the event has started'] })
})

test('a reason for a field the form has stays beside it, under the general message', () => {
	const placed = placeErrors(deskForm('999999'), {
		message: 'Please correct the highlighted fields.',
		errors: { sNumber: ['No confirmed registration for this number.'] },
	})
	expect(placed).toEqual({ fieldErrors: { sNumber: ['No confirmed registration for this number.'] }, formErrors: ['Please correct the highlighted fields.'] })
})

test('a refusal without field errors is its message', () => {
	expect(placeErrors(deskForm('1'), { message: 'The event was changed by someone else.' })).toEqual({
		fieldErrors: {},
		formErrors: ['The event was changed by someone else.'],
	})
})
