import { describe, expect, test } from 'vitest'
import { CPE_KINDS } from './cpe'
import { OFFLINE_PAYMENT_MODES } from './office/payments'
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from './payments'
import { REGISTRATION_STATUSES } from './registrations'
import { STAFF_ROLES } from './office/staff-roles'
import {
	counted,
	CPE_KIND_LABELS,
	OFFLINE_MODE_LABELS,
	PAYMENT_STATUS_LABELS,
	paymentPlaceLabel,
	REGISTRATION_STATUS_LABELS,
	STAFF_ROLE_NAMES,
	waitingListStatusLabel,
} from './vocabulary'

describe('counted', () => {
	test.each([
		[1, 'page', undefined, '1 page'],
		[2, 'page', undefined, '2 pages'],
		[0, 'page', undefined, '0 pages'],
		[1, 'person', 'people', '1 person'],
		[5, 'person', 'people', '5 people'],
	])('%i %s', (n, one, many, expected) => {
		expect(counted(n, one, many)).toBe(expected)
	})
})

// Every stored value has a word a person reads, and none of them is the stored value itself
// ("pending", "admin", "upi"), so no page can show a raw word beside a friendly one.
describe('labels', () => {
	test.each([
		['payment statuses', PAYMENT_STATUSES, PAYMENT_STATUS_LABELS],
		['registration statuses', REGISTRATION_STATUSES, REGISTRATION_STATUS_LABELS],
		['staff roles', STAFF_ROLES, STAFF_ROLE_NAMES],
		['ways of paying at the desk', OFFLINE_PAYMENT_MODES, OFFLINE_MODE_LABELS],
		['CPE kinds', CPE_KINDS, CPE_KIND_LABELS],
	] as const)('%s', (_, values, labels: Record<string, string>) => {
		for (const value of values) {
			expect(labels[value], value).toMatch(/^[A-Z]/)
			expect(labels[value]).not.toBe(value)
		}
	})

	test('a pending registration and a pending payment read the same', () => {
		expect(REGISTRATION_STATUS_LABELS.pending).toBe(PAYMENT_STATUS_LABELS.pending)
	})

	test('the desk and online payments are told apart by place', () => {
		expect(PAYMENT_PROVIDERS.map(paymentPlaceLabel)).toEqual(PAYMENT_PROVIDERS.map((provider) => (provider === 'offline' ? 'At the branch office' : 'Online')))
	})

	test('a waiting-list status read from a loosely typed record', () => {
		expect(waitingListStatusLabel('offered')).toBe('Seat offered')
		expect(waitingListStatusLabel('something new')).toBe('something new')
	})
})
