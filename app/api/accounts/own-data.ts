// Everything the branch keeps about one account, gathered for its holder's download (contract:
// app/contract/own-data.ts): the profile, registrations, payments with their tax documents, CPE
// hours, newsletter subscriptions, waiting lists, announcements read, and the choices made.
import { asc, eq } from 'drizzle-orm'
import { type OwnData } from '~/contract/own-data'
import { gstRecordKeptUntil } from '~/contract/account-closure'
import { memberEntries } from '../cpe/service'
import type { Database } from '../db/client'
import { announcementReads, announcements, creditNotes, eventRegistrations, events, newsletterSubscriptions, payments, waitingListEntries } from '../db/schema'
import { toProfile, type Account } from './service'

const iso = (at: Date | null) => at?.toISOString() ?? null

export async function collectOwnData(db: Database, account: Account, now = new Date()): Promise<OwnData> {
	const [registrations, paid, cpe, subscriptions, waiting, read] = await Promise.all([
		db
			.select({ registration: eventRegistrations, eventTitle: events.title, eventStartsAt: events.startsAt })
			.from(eventRegistrations)
			.innerJoin(events, eq(events.id, eventRegistrations.eventId))
			.where(eq(eventRegistrations.accountId, account.id))
			.orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id)),
		db
			.select({ payment: payments, eventTitle: events.title, creditNote: creditNotes })
			.from(payments)
			.innerJoin(eventRegistrations, eq(eventRegistrations.id, payments.registrationId))
			.innerJoin(events, eq(events.id, eventRegistrations.eventId))
			.leftJoin(creditNotes, eq(creditNotes.paymentId, payments.id))
			.where(eq(payments.accountId, account.id))
			.orderBy(asc(payments.createdAt), asc(payments.id)),
		memberEntries(db, account.id),
		db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, account.email)),
		db
			.select({ entry: waitingListEntries, eventTitle: events.title })
			.from(waitingListEntries)
			.innerJoin(events, eq(events.id, waitingListEntries.eventId))
			.where(eq(waitingListEntries.accountId, account.id))
			.orderBy(asc(waitingListEntries.joinedAt)),
		db
			.select({ id: announcements.id, title: announcements.title, readAt: announcementReads.readAt })
			.from(announcementReads)
			.innerJoin(announcements, eq(announcements.id, announcementReads.announcementId))
			.where(eq(announcementReads.accountId, account.id))
			.orderBy(asc(announcementReads.readAt)),
	])
	const subscribedSince = subscriptions.map((row) => row.createdAt).sort((a, b) => a.getTime() - b.getTime())[0] ?? null
	return {
		dGeneratedAt: now.toISOString(),
		oProfile: toProfile(account),
		dAccountCreatedAt: account.createdAt.toISOString(),
		dProfileUpdatedAt: account.updatedAt.toISOString(),
		aConsents: [
			...(account.userType === 'M'
				? [
						{ sWhat: 'Updates from the branch by e-mail', bGiven: account.updatesOnEmail, dSince: null },
						{ sWhat: 'Updates from the branch on WhatsApp', bGiven: account.updatesOnWhatsapp, dSince: null },
					]
				: []),
			{ sWhat: 'The branch’s newsletter at this e-mail address', bGiven: subscriptions.length > 0, dSince: iso(subscribedSince) },
		],
		aRegistrations: registrations.map(({ registration, eventTitle, eventStartsAt }) => ({
			iRegistrationId: registration.id,
			iEventId: registration.eventId,
			sEventTitle: eventTitle,
			dEventStartsAt: eventStartsAt.toISOString(),
			sStatus: registration.status,
			dRegisteredAt: registration.createdAt.toISOString(),
			dCancelledAt: iso(registration.cancelledAt),
			dAttendedAt: iso(registration.attendedAt),
		})),
		aPayments: paid.map(({ payment, eventTitle }) => ({
			iPaymentId: payment.id,
			iRegistrationId: payment.registrationId,
			sEventTitle: eventTitle,
			sStatus: payment.status,
			sProvider: payment.provider,
			sReference: payment.providerReference,
			nTaxablePaise: payment.taxablePaise,
			nCgstPaise: payment.cgstPaise,
			nSgstPaise: payment.sgstPaise,
			nIgstPaise: payment.igstPaise,
			nTotalPaise: payment.totalPaise,
			dCreatedAt: payment.createdAt.toISOString(),
			dPaidAt: iso(payment.paidAt),
			dRefundedAt: iso(payment.refundedAt),
			sBuyerName: payment.buyerName,
			sBuyerStateCode: payment.buyerStateCode,
			sBuyerGstin: payment.buyerGstin,
			sBuyerFirmName: payment.buyerFirmName,
		})),
		aInvoices: paid.flatMap(({ payment }) =>
			payment.invoiceNumber && payment.paidAt
				? [
						{
							sNumber: payment.invoiceNumber,
							iPaymentId: payment.id,
							dIssuedAt: payment.paidAt.toISOString(),
							sBuyerName: payment.buyerName,
							nTotalPaise: payment.totalPaise,
							dKeptUntil: gstRecordKeptUntil(payment.paidAt),
						},
					]
				: [],
		),
		aCreditNotes: paid.flatMap(({ payment, creditNote }) =>
			creditNote
				? [
						{
							sNumber: creditNote.number,
							sInvoiceNumber: payment.invoiceNumber ?? '',
							iPaymentId: payment.id,
							dIssuedAt: creditNote.issuedAt.toISOString(),
							sReason: creditNote.reason,
							nTotalPaise: creditNote.totalPaise,
							dKeptUntil: gstRecordKeptUntil(creditNote.issuedAt),
						},
					]
				: [],
		),
		aCpeEntries: cpe.sort((a, b) => a.dActivityDate.localeCompare(b.dActivityDate)),
		aNewsletterSubscriptions: subscriptions.map((row) => ({
			sEmail: row.email,
			sFullName: row.fullName,
			sMembershipNumber: row.membershipNumber,
			dSubscribedAt: row.createdAt.toISOString(),
		})),
		aWaitingLists: waiting.map(({ entry, eventTitle }) => ({
			iEventId: entry.eventId,
			sEventTitle: eventTitle,
			sStatus: entry.status,
			dJoinedAt: entry.joinedAt.toISOString(),
		})),
		aAnnouncementsRead: read.map((row) => ({ iAnnouncementId: row.id, sTitle: row.title, dReadAt: row.readAt.toISOString() })),
	}
}
