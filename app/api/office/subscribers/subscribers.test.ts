import { afterAll, beforeAll, expect, test } from 'vitest'
import { fillPath } from '~/contract/endpoint'
import { officeSubscriberEndpoints } from '~/contract/office/subscribers'
import { createTestStaff } from '#tests/setup/accounts'
import { createOfficeApi } from '#tests/setup/office'
import { newsletterSubscriptions } from '../../db/schema'

let office: Awaited<ReturnType<typeof createOfficeApi>>
let token: string
beforeAll(async () => {
	office = await createOfficeApi()
	token = (await createTestStaff(office.db, undefined, 'accounts')).token
	await office.db.insert(newsletterSubscriptions).values([
		{
			email: 'anita@test.example',
			fullName: 'Anita Rao',
			membershipNumber: '111111',
			requestedFrom: '198.51.100.4',
			confirmedAt: new Date('2026-11-20T10:00:00Z'),
			confirmedFrom: '192.0.2.9',
		},
		{ email: 'formula@test.example', fullName: '@SUM(A1:A9)', membershipNumber: '222222', requestedFrom: '198.51.100.5' },
	])
})
afterAll(() => office.close())

const list = officeSubscriberEndpoints.list.path

test('lists and searches subscribers; removes one; an unknown one is a 404', async () => {
	const all = await office.call(list, { token })
	expect(all.body.data.nTotal).toBe(2)
	const found = await office.call(list, { token, query: { oFilter: { sSearch: 'anita' } } })
	// With the consent on record: when and from where the address was confirmed.
	expect(found.body.data.aSubscribers).toEqual([
		expect.objectContaining({
			sFullName: 'Anita Rao',
			sMembershipNumber: '111111',
			sRequestedFrom: '198.51.100.4',
			dConfirmedAt: '2026-11-20T10:00:00.000Z',
			sConfirmedFrom: '192.0.2.9',
		}),
	])
	const waiting = await office.call(list, { token, query: { oFilter: { sSearch: 'formula' } } })
	expect(waiting.body.data.aSubscribers).toEqual([expect.objectContaining({ sRequestedFrom: '198.51.100.5', dConfirmedAt: null, sConfirmedFrom: null })])
	const id = found.body.data.aSubscribers[0].iSubscriberId
	const removed = await office.call(fillPath(officeSubscriberEndpoints.remove.path, { iSubscriberId: id }), { token, method: 'DELETE' })
	expect(removed).toMatchObject({ status: 200, body: { data: { sEmail: 'anita@test.example' } } })
	expect((await office.call(list, { token })).body.data.nTotal).toBe(1)
	expect((await office.call(fillPath(officeSubscriberEndpoints.remove.path, { iSubscriberId: id }), { token, method: 'DELETE' })).status).toBe(404)
	expect((await office.call(list)).status).toBe(401)
})

test('the CSV: BOM, header, a formula in a name made inert', async () => {
	const csv = await office.file(list, { token, query: { sFormat: 'csv' } })
	const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(csv.bytes)
	expect(text.startsWith('\uFEFFName,Membership number,E-mail,Subscribed on,Asked from,Confirmed at,Confirmed from\r\n')).toBe(true)
	expect(text).toMatch(/'@SUM\(A1:A9\),222222,formula@test\.example,\d{4}-\d\d-\d\d,198\.51\.100\.5,,\r\n/)
})
