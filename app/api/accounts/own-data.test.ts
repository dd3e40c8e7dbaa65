// A person's own data: the download holds everything kept about them (and no one else's); closing
// needs the code mailed for it, erases the personal data, keeps the tax documents exactly as issued
// and the history without a name; both are in the office's audit log, and the number is free again.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ACCOUNT_MESSAGES } from '~/contract/accounts'
import { OFFICE_ACCOUNT_MESSAGES } from '~/contract/office/accounts'
import { OWN_DATA_MESSAGES, type OwnData } from '~/contract/own-data'
import { createAccountsApi, createTestAccount, createTestStaff, TEST_SETTINGS } from '#tests/setup/accounts'
import { createTestPayment } from '#tests/setup/payments'
import { pdfText } from '#tests/setup/pdf'
import { DAY, HOUR, insertTestEvent } from '#tests/setup/registrations'
import {
	accounts,
	accountTokens,
	announcementReads,
	announcements,
	auditLog,
	cpeEntries,
	eventRegistrations,
	mailDeliveries,
	mailings,
	mediaFiles,
	newsletterSubscriptions,
	oneTimePasswords,
	payments,
	sessions,
	waitingListEntries,
} from '../db/schema'
import { refundPayment } from '../payments/refund'

let t: Awaited<ReturnType<typeof createAccountsApi>>
let office: string
beforeAll(async () => {
	t = await createAccountsApi()
	office = (await createTestStaff(t.db, 'accounts.clerk', 'accounts')).token
})
afterAll(() => t.close())

let serial = 0
type Member = { id: number; email: string; number: string; token: string; password: string; dob: string }

/** A member registered through the API (a real password, so signing in can be tried), then signed in. */
async function registerMember(number = String(310000 + ++serial), email = `closing${serial}@example.org`): Promise<Member> {
	const form = {
		sUserType: 'M',
		sFullName: 'Meera Joshi',
		sFirmCompanyName: 'Joshi & Co',
		bIsGSTNumberAvailable: true,
		sGSTNumber: '27AAPFU0939F1ZV',
		sConfirmGSTNumber: '27AAPFU0939F1ZV',
		bIsGetUpdateOnEmail: true,
		bIsGetUpdateOnWhatsapp: false,
		sEmail: email,
		sMobileNumber: '9876543210',
		sMembershipNumber: number,
		sDob: '1990-02-03',
		oState: { sCode: 'MH' },
		oCity: { sName: 'Pune' },
		sPassword: 'a long enough secret',
		sConfirmPassword: 'a long enough secret',
	}
	expect((await t.call('/auth/member/send-otp/v1', { ...form, sPurpose: 'registration' })).status).toBe(200)
	const registered = await t.call('/auth/member/register/v1', { ...form, nOtp: t.lastOtp(email) })
	expect(registered.status, JSON.stringify(registered.body)).toBe(201)
	const login = await t.call('/auth/member/login/v1', { sMembershipNumber: number, sDob: form.sDob, sPassword: form.sPassword })
	expect(login.status).toBe(200)
	const [row] = await t.db.select().from(accounts).where(eq(accounts.email, email))
	return { id: row!.id, email, number, token: login.body.data.sToken, password: form.sPassword, dob: form.sDob }
}

// 10:00 India time on 15 September 2026: financial year 2026-27, so kept until 31 December 2033.
const SEPTEMBER = new Date('2026-09-15T04:30:00Z')

/** Everything a member can leave behind: payments with an invoice and a credit note, CPE hours, a subscription, mail, a picture. */
async function withHistory(member: Member) {
	const [account] = await t.db.select().from(accounts).where(eq(accounts.id, member.id))
	const picture = `profiles/picture-${member.id}.jpg`
	await t.db.insert(mediaFiles).values({ path: picture, contentType: 'image/jpeg', bytes: Buffer.from([0xff, 0xd8]), size: 2 })
	await t.db.update(accounts).set({ profilePic: picture }).where(eq(accounts.id, member.id))
	const seminar = await insertTestEvent(t.db, new Date('2026-10-10T04:30:00Z'), { title: `Seminar for ${member.number}`, feePaise: 100_000 })
	const paid = await createTestPayment(t.db, account!, { event: seminar, at: SEPTEMBER })
	await t.db
		.update(eventRegistrations)
		.set({ attendedAt: new Date('2026-10-10T08:00:00Z') })
		.where(eq(eventRegistrations.id, paid.registration.id))
	const refunded = await createTestPayment(t.db, account!, { at: SEPTEMBER })
	await refundPayment(t.db, {
		paymentId: refunded.payment.id,
		settledBy: null,
		reason: 'Could not attend',
		invoicePrefix: TEST_SETTINGS.billing.invoicePrefix,
		refund: { mode: 'cash', reference: null },
		at: new Date('2026-09-20T04:30:00Z'),
	})
	const failed = await createTestPayment(t.db, account!, { status: 'failed', at: SEPTEMBER })
	await t.db.insert(cpeEntries).values({ accountId: member.id, activityDate: '2026-08-01', hours: 2, description: 'Read my own notes on Ind AS 116' })
	await t.db.insert(newsletterSubscriptions).values({ email: member.email, fullName: 'Meera Joshi', membershipNumber: member.number })
	const [mailing] = await t.db.insert(mailings).values({ kind: 'welcome', subjectId: member.id }).returning()
	await t.db.insert(mailDeliveries).values({ mailingId: mailing!.id, email: member.email, name: 'Meera Joshi', status: 'sent', sentAt: new Date() })
	const full = await insertTestEvent(t.db, Date.now() + 30 * DAY, { title: `Full workshop for ${member.number}`, seatLimit: 1 })
	await t.db.insert(waitingListEntries).values({ eventId: full.id, accountId: member.id })
	const [announcement] = await t.db
		.insert(announcements)
		.values({ title: `News for ${member.number}`, body: ['Hello.'] })
		.returning()
	await t.db.insert(announcementReads).values({ announcementId: announcement!.id, accountId: member.id })
	// The portal's session for this sign-in, and someone else's.
	await t.db.insert(sessions).values([
		{
			id: `own-${member.id}`,
			data: { memberToken: member.token, profile: { value: { sFullName: 'Meera Joshi', sEmail: member.email }, at: Date.now() } },
			expiresAt: new Date(Date.now() + DAY),
		},
		{ id: `other-${member.id}`, data: { memberToken: 'somebody-elses-token-0123456789' }, expiresAt: new Date(Date.now() + DAY) },
	])
	return { paid: paid.payment.id, refunded: refunded.payment.id, failed: failed.payment.id, picture }
}

const auditOf = (accountId: number, action: string) =>
	t.db
		.select()
		.from(auditLog)
		.where(and(eq(auditLog.entity, 'account'), eq(auditLog.entityId, String(accountId)), eq(auditLog.action, action)))

async function invoiceText(paymentId: number, document: 'invoice' | 'credit-note' = 'invoice') {
	const response = await t.api.fetch(new Request(`http://in-process/api/office/payments/${paymentId}/${document}/v1`, { headers: { authorization: office } }))
	expect(response.status).toBe(200)
	return (await pdfText(await response.arrayBuffer())).text
}

describe('downloading one’s own data', () => {
	test('holds the profile, registrations, payments, tax documents, CPE hours, subscriptions and choices; the office sees it in the audit log', async () => {
		const member = await registerMember()
		const ids = await withHistory(member)
		const other = await registerMember()
		await withHistory(other)
		const answer = await t.call('/member/my-data/v1', undefined, { token: member.token })
		expect(answer.status).toBe(200)
		const data = answer.body.data as OwnData
		expect(data.oProfile).toMatchObject({
			sUserType: 'M',
			sFullName: 'Meera Joshi',
			sEmail: member.email,
			sMembershipNumber: member.number,
			sGSTNumber: '27AAPFU0939F1ZV',
			sProfilePic: ids.picture,
		})
		expect(data.aConsents).toEqual([
			{ sWhat: 'Updates from the branch by e-mail', bGiven: true, dSince: null },
			{ sWhat: 'Updates from the branch on WhatsApp', bGiven: false, dSince: null },
			{ sWhat: 'The branch’s newsletter at this e-mail address', bGiven: true, dSince: expect.any(String) },
		])
		expect(data.aRegistrations.map((row) => row.sStatus)).toEqual(['confirmed', 'cancelled', 'cancelled'])
		expect(data.aRegistrations[0]!.dAttendedAt).not.toBeNull()
		expect(data.aPayments.map((row) => [row.iPaymentId, row.sStatus])).toEqual([
			[ids.paid, 'paid'],
			[ids.refunded, 'refunded'],
			[ids.failed, 'failed'],
		])
		expect(data.aInvoices.map((row) => [row.iPaymentId, row.dKeptUntil])).toEqual([
			[ids.paid, '2033-12-31'],
			[ids.refunded, '2033-12-31'],
		])
		expect(data.aCreditNotes).toEqual([expect.objectContaining({ iPaymentId: ids.refunded, sReason: 'Could not attend', dKeptUntil: '2033-12-31' })])
		expect(data.aCpeEntries.map((entry) => [entry.sKind, entry.nHours])).toEqual([
			['unstructured', 2],
			['structured', 2],
		])
		expect(data.aNewsletterSubscriptions).toEqual([expect.objectContaining({ sEmail: member.email, sMembershipNumber: member.number })])
		expect(data.aWaitingLists).toEqual([expect.objectContaining({ sStatus: 'waiting' })])
		expect(data.aAnnouncementsRead).toEqual([expect.objectContaining({ sTitle: `News for ${member.number}` })])
		// Nothing of the other member's.
		expect(JSON.stringify(data)).not.toContain(other.email)
		expect(JSON.stringify(data)).not.toContain(other.number)

		const [entry] = await auditOf(member.id, 'download-data')
		expect(entry).toMatchObject({ staffId: null, staffUsername: 'account holder', summary: 'The account holder downloaded their data' })
	})

	test('needs the person’s own sign-in', async () => {
		expect((await t.call('/member/my-data/v1')).status).toBe(401)
		const { token } = await createTestAccount(t.db, 'student')
		expect((await t.call('/member/my-data/v1', undefined, { token })).status).toBe(401)
		expect((await t.call('/student/my-data/v1', undefined, { token })).body.data.oProfile.sUserType).toBe('S')
	})
})

describe('closing an account', () => {
	test('asks for the code mailed to the account’s own address; a wrong code erases nothing', async () => {
		const member = await registerMember()
		await withHistory(member)
		const sendOtp = (token?: string, sEmail = member.email) =>
			t.call('/auth/member/send-otp/v1', { sUserType: 'M', sPurpose: 'close', sEmail, bUnderstood: true }, { token })
		expect((await sendOtp()).status).toBe(401)
		expect((await sendOtp(member.token, 'someone.else@example.org')).body.errors?.sEmail).toEqual(["This is not your account's e-mail address"])
		const notTicked = await t.call(
			'/auth/member/send-otp/v1',
			{ sUserType: 'M', sPurpose: 'close', sEmail: member.email, bUnderstood: false },
			{ token: member.token },
		)
		expect(notTicked.body.errors?.bUnderstood).toEqual(['Tick the box to say you understand that closing cannot be undone'])
		expect((await sendOtp(member.token)).status).toBe(200)
		const code = t.lastOtp(member.email)
		expect(t.sink.for(member.email).at(-1)?.subject).toBe('Your code to close your account')
		const [before] = await t.db.select().from(accounts).where(eq(accounts.id, member.id))

		const wrong = await t.call(
			'/member/close-account/v1',
			{ sEmail: member.email, bUnderstood: true, nOtp: code === 999999 ? 999998 : code + 1 },
			{ token: member.token },
		)
		expect(wrong.status).toBe(400)
		expect(wrong.body.errors?.nOtp).toEqual([ACCOUNT_MESSAGES.wrongOtp])
		expect((await t.db.select().from(accounts).where(eq(accounts.id, member.id)))[0]).toEqual(before)
		expect(await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, member.email))).toHaveLength(1)
		expect(
			await t.db
				.select()
				.from(sessions)
				.where(eq(sessions.id, `own-${member.id}`)),
		).toHaveLength(1)
		expect((await t.call('/member/member-details/v1', undefined, { token: member.token })).status).toBe(200)
		expect(await auditOf(member.id, 'close')).toEqual([])
	})

	test('erases the personal data, keeps the tax documents as issued and the history without a name, and is audited', async () => {
		const member = await registerMember()
		const ids = await withHistory(member)
		const [paymentsBefore, invoiceBefore, creditNoteBefore] = await Promise.all([
			t.db.select().from(payments).where(eq(payments.accountId, member.id)).orderBy(payments.id),
			invoiceText(ids.paid),
			invoiceText(ids.refunded, 'credit-note'),
		])
		expect(invoiceBefore).toContain('Meera Joshi')
		expect(invoiceBefore).toContain(member.number)
		await t.call('/auth/member/send-otp/v1', { sUserType: 'M', sPurpose: 'close', sEmail: member.email, bUnderstood: true }, { token: member.token })
		const closed = await t.call('/member/close-account/v1', { sEmail: member.email, bUnderstood: true, nOtp: t.lastOtp(member.email) }, { token: member.token })
		expect(closed.status, JSON.stringify(closed.body)).toBe(200)
		expect(closed.body).toMatchObject({ message: OWN_DATA_MESSAGES.closed, data: { nInvoicesKept: 2, nCreditNotesKept: 1, dKeptUntil: '2033-12-31' } })

		const [account] = await t.db.select().from(accounts).where(eq(accounts.id, member.id))
		expect(account).toMatchObject({
			fullName: 'Closed account',
			number: `~closed-${member.id}`,
			email: `closed-${member.id}@closed.invalid`,
			mobileNumber: '',
			dob: '',
			stateCode: '',
			city: '',
			firmCompanyName: null,
			gstNumber: null,
			profilePic: null,
			updatesOnEmail: false,
			passwordHash: '!closed',
		})
		expect(account!.closedAt).not.toBeNull()
		expect(JSON.stringify(account)).not.toMatch(/Meera|Joshi|9876543210|1990-02-03|27AAPFU0939F1ZV/)
		expect(await t.db.select().from(mediaFiles).where(eq(mediaFiles.path, ids.picture))).toEqual([])
		expect(await t.db.select().from(accountTokens).where(eq(accountTokens.accountId, member.id))).toEqual([])
		expect((await t.call('/member/member-details/v1', undefined, { token: member.token })).status).toBe(401)
		expect((await t.db.select({ id: sessions.id }).from(sessions)).map((row) => row.id)).toEqual(expect.arrayContaining([`other-${member.id}`]))
		expect(
			await t.db
				.select()
				.from(sessions)
				.where(eq(sessions.id, `own-${member.id}`)),
		).toEqual([])
		expect(await t.db.select().from(oneTimePasswords).where(eq(oneTimePasswords.email, member.email))).toEqual([])
		expect(await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, member.email))).toEqual([])
		expect(await t.db.select().from(mailDeliveries).where(eq(mailDeliveries.email, member.email))).toEqual([])
		expect((await t.db.select().from(waitingListEntries).where(eq(waitingListEntries.accountId, member.id))).map((row) => row.status)).toEqual(['left'])
		expect(
			await t.db.select({ description: cpeEntries.description, hours: cpeEntries.hours }).from(cpeEntries).where(eq(cpeEntries.accountId, member.id)),
		).toEqual([{ description: '(erased)', hours: 2 }])
		expect(await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.accountId, member.id))).toHaveLength(3)

		// The tax documents: every field as issued; the number they print is now kept on them.
		const paymentsAfter = await t.db.select().from(payments).where(eq(payments.accountId, member.id)).orderBy(payments.id)
		const invoiced = (rows: typeof paymentsAfter) => rows.filter((row) => row.invoiceNumber !== null).map(({ buyerNumber: _, ...row }) => row)
		expect(invoiced(paymentsAfter)).toEqual(invoiced(paymentsBefore))
		expect(paymentsAfter.filter((row) => row.invoiceNumber !== null).map((row) => row.buyerNumber)).toEqual([member.number, member.number])
		expect(await invoiceText(ids.paid)).toBe(invoiceBefore)
		expect(await invoiceText(ids.refunded, 'credit-note')).toBe(creditNoteBefore)
		// A payment that never went through has no invoice: its billing details go.
		expect(paymentsAfter.find((row) => row.id === ids.failed)).toMatchObject({
			buyerName: 'Closed account',
			buyerGstin: null,
			buyerFirmName: null,
			totalPaise: 118_000,
		})

		const [entry] = await auditOf(member.id, 'close')
		expect(entry).toMatchObject({
			staffId: null,
			staffUsername: 'account holder',
			summary: 'Closed by its holder; personal data erased; 2 tax invoices and 1 credit notes kept until 2033-12-31',
		})
		// The notice goes after the answer: it arrives when it arrives.
		await expect.poll(() => t.sink.for(member.email).at(-1)?.subject).toBe('Your account is closed')

		// The office sees a closed account, and cannot bring the person back by correcting it.
		const details = await t.call(`/office/accounts/${member.id}/v1`, undefined, { token: office })
		expect(details.body.data).toMatchObject({ sFullName: 'Closed account', sNumber: '(erased)', dClosedAt: expect.any(String) })
		const corrected = await t.call(`/office/accounts/${member.id}/v1`, { sFullName: 'Meera Joshi' }, { token: office, method: 'PUT' })
		expect(corrected).toMatchObject({ status: 409, body: { message: OFFICE_ACCOUNT_MESSAGES.closed } })
	})

	test('erases the person’s name, e-mail and number from the office’s audit entries, keeping the entries and their record ids', async () => {
		const member = await registerMember()
		const asOffice = (path: string, body?: Record<string, unknown>, method?: string) => t.call(path, body, { token: office, method })
		// Names no other test uses, given by the office's corrections (audit entries too): one before, one after the desk.
		const earlierName = `Radhika Vaze ${member.id}`
		const name = `Radhika Apte ${member.id}`
		expect((await asOffice(`/office/accounts/${member.id}/v1`, { sFullName: earlierName }, 'PUT')).status).toBe(200)
		const [account] = await t.db.select().from(accounts).where(eq(accounts.id, member.id))
		// Marked present at the desk at one event, checked in at the door of another; both ended an hour ago.
		const desk = await insertTestEvent(t.db, -3 * HOUR)
		const door = await insertTestEvent(t.db, -3 * HOUR)
		await createTestPayment(t.db, account!, { event: desk })
		await createTestPayment(t.db, account!, { event: door })
		expect((await asOffice(`/office/events/${desk.id}/attendance/desk/v1`, { sNumber: member.number })).body.data).toMatchObject({ bChanged: true })
		expect((await asOffice(`/office/accounts/${member.id}/v1`, { sFullName: name }, 'PUT')).status).toBe(200)
		expect((await asOffice(`/office/events/${door.id}/check-in/v1`, { sCode: member.number })).body.data).toMatchObject({ sOutcome: 'checked-in' })
		expect((await asOffice(`/office/accounts/${member.id}/disable/v1`, {})).status).toBe(200)
		expect((await asOffice(`/office/accounts/${member.id}/enable/v1`, {})).status).toBe(200)
		const [subscription] = await t.db
			.insert(newsletterSubscriptions)
			.values({ email: member.email, fullName: name, membershipNumber: member.number })
			.returning()
		expect((await asOffice(`/office/subscribers/${subscription!.id}/v1`, undefined, 'DELETE')).status).toBe(200)
		const auditText = async () => JSON.stringify(await t.db.select().from(auditLog))
		const entries = () =>
			t.db.select({ id: auditLog.id, action: auditLog.action, entity: auditLog.entity, entityId: auditLog.entityId }).from(auditLog).orderBy(auditLog.id)
		const before = await entries()
		expect(await auditText()).toContain(earlierName)
		expect(await auditText()).toContain(name)

		// Disabling signed the person out: they sign in again to close the account.
		const token = (await t.call('/auth/member/login/v1', { sMembershipNumber: member.number, sDob: member.dob, sPassword: member.password })).body.data
			.sToken as string
		await t.call('/auth/member/send-otp/v1', { sUserType: 'M', sPurpose: 'close', sEmail: member.email, bUnderstood: true }, { token })
		expect((await t.call('/member/close-account/v1', { sEmail: member.email, bUnderstood: true, nOtp: t.lastOtp(member.email) }, { token })).status).toBe(200)

		const after = await auditText()
		for (const particular of [earlierName, name, member.email, member.number]) expect(after).not.toContain(particular)
		// Every entry is still there, about the same record; one more says the account was closed.
		const kept = new Set(before.map((entry) => entry.id))
		expect((await entries()).filter((entry) => kept.has(entry.id))).toEqual(before)
	})

	test('the audit log takes no change but an erasure: no entry is deleted, and none rewritten', async () => {
		const staff = await createTestStaff(t.db)
		const [entry] = await t.db
			.insert(auditLog)
			.values({
				staffId: staff.staff.id,
				staffUsername: staff.staff.username,
				action: 'attendance',
				entity: 'registration',
				entityId: '1',
				summary: 'Marked Kiran Rao present (event 1) at the desk',
				particulars: ['Kiran Rao'],
			})
			.returning()
		const refused = (change: Promise<unknown>) => expect(change).rejects.toMatchObject({ cause: { message: 'The audit log cannot be changed' } })
		const byId = eq(auditLog.id, entry!.id)
		await refused(t.db.delete(auditLog).where(byId))
		await refused(t.db.update(auditLog).set({ summary: 'Marked Kiran Rao absent (event 1) at the desk' }).where(byId))
		await refused(t.db.update(auditLog).set({ summary: 'Marked (erased) present (event 1) at the desk', entityId: '2' }).where(byId))
		await refused(
			t.db
				.update(auditLog)
				.set({ particulars: ['Kiran Rao', 'Someone else'] })
				.where(byId),
		)
		await t.db.update(auditLog).set({ summary: 'Marked (erased) present (event 1) at the desk', particulars: null }).where(byId)
		expect(await t.db.select().from(auditLog).where(byId)).toMatchObject([
			{ summary: 'Marked (erased) present (event 1) at the desk', entityId: '1', particulars: null },
		])
	})

	test('a closed account cannot sign in, and its number and address can be registered again', async () => {
		const member = await registerMember()
		await t.call('/auth/member/send-otp/v1', { sUserType: 'M', sPurpose: 'close', sEmail: member.email, bUnderstood: true }, { token: member.token })
		expect(
			(await t.call('/member/close-account/v1', { sEmail: member.email, bUnderstood: true, nOtp: t.lastOtp(member.email) }, { token: member.token })).status,
		).toBe(200)
		const login = await t.call('/auth/member/login/v1', { sMembershipNumber: member.number, sDob: member.dob, sPassword: member.password })
		expect(login).toMatchObject({ status: 400, body: { message: ACCOUNT_MESSAGES.loginFailed } })
		const again = await registerMember(member.number, member.email)
		expect(again.id).not.toBe(member.id)
	})

	test('is refused, before any code is sent, while the person is registered for an event to come', async () => {
		const member = await registerMember()
		const event = await insertTestEvent(t.db, Date.now() + 10 * DAY, { title: 'Budget workshop', feePaise: 0 })
		await t.db.insert(eventRegistrations).values({ eventId: event.id, accountId: member.id, status: 'confirmed' })
		const mails = t.sink.for(member.email).length
		const refused = await t.call(
			'/auth/member/send-otp/v1',
			{ sUserType: 'M', sPurpose: 'close', sEmail: member.email, bUnderstood: true },
			{ token: member.token },
		)
		expect(refused).toMatchObject({ status: 409, body: { message: OWN_DATA_MESSAGES.openRegistration(['Budget workshop']) } })
		expect(t.sink.for(member.email)).toHaveLength(mails)
		const [account] = await t.db.select().from(accounts).where(eq(accounts.id, member.id))
		expect(account!.closedAt).toBeNull()
	})
})
