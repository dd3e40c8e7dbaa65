import { afterAll, beforeAll, expect, test } from 'vitest'
import { fillPath } from '~/contract/endpoint'
import { officeSubscriberEndpoints } from '~/contract/office-subscribers'
import { createTestStaff } from '../../../../tests/setup/accounts'
import { createOfficeApi } from '../../../../tests/setup/office'
import { newsletterSubscriptions } from '../../db/schema'

let office: Awaited<ReturnType<typeof createOfficeApi>>
let token: string
beforeAll(async () => {
	office = await createOfficeApi()
	token = (await createTestStaff(office.db, undefined, 'accounts')).token
	await office.db.insert(newsletterSubscriptions).values([
		{ email: 'anita@test.example', fullName: 'Anita Rao', membershipNumber: '111111' },
		{ email: 'formula@test.example', fullName: '@SUM(A1:A9)', membershipNumber: '222222' },
	])
})
afterAll(() => office.close())

const list = officeSubscriberEndpoints.list.path

test('lists and searches subscribers; removes one; an unknown one is a 404', async () => {
	const all = await office.call(list, { token })
	expect(all.body.data.nTotal).toBe(2)
	const found = await office.call(list, { token, query: { oFilter: { sSearch: 'anita' } } })
	expect(found.body.data.aSubscribers).toEqual([expect.objectContaining({ sFullName: 'Anita Rao', sMembershipNumber: '111111' })])
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
	expect(text.startsWith('\uFEFFName,Membership number,E-mail,Subscribed on\r\n')).toBe(true)
	expect(text).toContain("'@SUM(A1:A9),222222,formula@test.example,")
})
