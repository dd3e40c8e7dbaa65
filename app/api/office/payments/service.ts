// The office's view of payments: every payer's, with the event, the buyer and the documents issued.
import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { OfficePayment, officePaymentsQuerySchema } from '~/contract/office/payments'
import type { Database } from '../../db/client'
import { indiaDayEnd, indiaDayStart } from '~/utils/kolkata-date'
import { accounts, creditNotes, eventRegistrations, events, payments } from '../../db/schema'
import { registrationCreditsHours } from '../../cpe/service'
import { containsPattern } from '../../events/service'

type Query = z.output<typeof officePaymentsQuerySchema>

const columns = {
	payment: payments,
	eventTitle: events.title,
	eventId: events.id,
	account: { id: accounts.id, userType: accounts.userType, number: accounts.number, email: accounts.email },
	registration: { attendedAt: eventRegistrations.attendedAt, status: eventRegistrations.status, cpeKeptAfterRefund: eventRegistrations.cpeKeptAfterRefund },
	cpeHours: events.cpeHours,
	creditNote: creditNotes,
}

function paymentRows(db: Database) {
	return db
		.select(columns)
		.from(payments)
		.innerJoin(eventRegistrations, eq(eventRegistrations.id, payments.registrationId))
		.innerJoin(events, eq(events.id, eventRegistrations.eventId))
		.innerJoin(accounts, eq(accounts.id, payments.accountId))
		.leftJoin(creditNotes, eq(creditNotes.paymentId, payments.id))
}

type Row = Awaited<ReturnType<ReturnType<typeof paymentRows>['execute']>>[number]

function toOfficePayment({ payment, eventTitle, eventId, account, registration, cpeHours, creditNote }: Row): OfficePayment {
	return {
		iPaymentId: payment.id,
		iEventId: eventId,
		sEventTitle: eventTitle,
		iAccountId: account.id,
		sPayerName: payment.buyerName,
		sUserType: account.userType,
		sNumber: account.number,
		sEmail: account.email,
		sStatus: payment.status,
		sProvider: payment.provider,
		sReference: payment.providerReference,
		nTaxablePaise: payment.taxablePaise,
		nTaxPaise: payment.cgstPaise + payment.sgstPaise + payment.igstPaise,
		nTotalPaise: payment.totalPaise,
		dCreatedAt: payment.createdAt.toISOString(),
		dPaidAt: payment.paidAt?.toISOString() ?? null,
		dRefundedAt: payment.refundedAt?.toISOString() ?? null,
		sInvoiceNumber: payment.invoiceNumber,
		sCreditNoteNumber: creditNote?.number ?? null,
		sOfflineMode: payment.offlineMode,
		sOfflineReference: payment.offlineReference,
		nCpeHoursCredited: registrationCreditsHours(registration) ? cpeHours : 0,
		oRefund: creditNote
			? {
					sMode: creditNote.refundMode,
					sReference: creditNote.refundReference,
					sReason: creditNote.reason,
					sCpeChoice: creditNote.cpeChoice,
					nCpeHours: creditNote.cpeHours,
				}
			: null,
		sGatewayOrderId: payment.gatewayOrderId,
		sGatewayPaymentId: payment.gatewayPaymentId,
		sGatewayStatus: payment.gatewayStatus,
		sGatewayRefundId: payment.gatewayRefundId,
		nGatewayFeePaise: payment.gatewayFeePaise,
	}
}

export async function listOfficePayments(db: Database, { oFilter, oPaging }: Pick<Query, 'oPaging'> & { oFilter: Partial<Query['oFilter']> }) {
	const conditions: SQL[] = []
	if (oFilter.sStatus) conditions.push(eq(payments.status, oFilter.sStatus))
	if (oFilter.sProvider) conditions.push(eq(payments.provider, oFilter.sProvider))
	if (oFilter.iEventId) conditions.push(eq(events.id, oFilter.iEventId))
	if (oFilter.iAccountId) conditions.push(eq(payments.accountId, oFilter.iAccountId))
	if (oFilter.iPaymentId) conditions.push(eq(payments.id, oFilter.iPaymentId))
	if (oFilter.dFrom) conditions.push(gte(payments.createdAt, indiaDayStart(oFilter.dFrom)))
	if (oFilter.dTo) conditions.push(lt(payments.createdAt, indiaDayEnd(oFilter.dTo)))
	if (oFilter.sSearch) {
		const pattern = containsPattern(oFilter.sSearch)
		// A reference read out with spaces, or without its dashes, still finds its payment.
		const reference = containsPattern(oFilter.sSearch.replace(/[\s-]/g, ''))
		conditions.push(
			or(
				ilike(payments.buyerName, pattern),
				ilike(accounts.number, pattern),
				ilike(accounts.email, pattern),
				ilike(payments.invoiceNumber, pattern),
				ilike(sql`replace(${payments.providerReference}, '-', '')`, reference),
			)!,
		)
	}
	const where = and(...conditions)
	const [rows, [total]] = await Promise.all([
		paymentRows(db)
			.where(where)
			.orderBy(desc(payments.createdAt), desc(payments.id))
			.limit(oPaging.nPageSize)
			.offset((oPaging.nPage - 1) * oPaging.nPageSize),
		db
			.select({ n: count() })
			.from(payments)
			.innerJoin(eventRegistrations, eq(eventRegistrations.id, payments.registrationId))
			.innerJoin(events, eq(events.id, eventRegistrations.eventId))
			.innerJoin(accounts, eq(accounts.id, payments.accountId))
			.where(where),
	])
	return { aPayments: rows.map(toOfficePayment), nTotal: total?.n ?? 0, nPage: oPaging.nPage, nPageSize: oPaging.nPageSize }
}
