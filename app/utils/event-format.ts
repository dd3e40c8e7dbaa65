// How event dates, fees and terms read on the pages: always India time, whatever the server's zone.
import { audienceFees, type EventFees } from '~/contract/event-fees'
import { formatRupees } from '~/contract/payments'
import { formatDay, lazyDateFormat } from './kolkata-date'

const dayFormat = lazyDateFormat({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' })
const timeFormat = lazyDateFormat({ hour: 'numeric', minute: '2-digit', hour12: true })
const monthFormat = lazyDateFormat({ timeZone: 'UTC', month: 'long', year: 'numeric' })
const termFormat = lazyDateFormat({ timeZone: 'UTC', month: 'short', year: 'numeric' })
const yearMonthFormat = lazyDateFormat({ year: 'numeric', month: '2-digit' }, 'en-CA')

/** Built from parts, so the server's and the browser's ICU versions cannot word it differently. */
function parts(format: Intl.DateTimeFormat, date: Date) {
	return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value])) as Partial<Record<Intl.DateTimeFormatPartTypes, string>>
}
function istDay(date: Date) {
	const { weekday, day, month, year } = parts(dayFormat(), date)
	return `${weekday}, ${day} ${month} ${year}`
}
function istTime(date: Date) {
	const { hour, minute, dayPeriod } = parts(timeFormat(), date)
	return `${hour}:${minute} ${dayPeriod?.toLowerCase()}`
}

/** "Sat, 5 Dec 2026" and "10:00 am – 5:00 pm"; an event over several days names both days. */
export function eventWhen(dStartDate: string, dEndDate: string) {
	const start = new Date(dStartDate)
	const end = new Date(dEndDate)
	const sameDay = istDay(start) === istDay(end)
	return {
		day: sameDay ? istDay(start) : `${istDay(start)} – ${istDay(end)}`,
		time: `${istTime(start)} – ${istTime(end)} IST`,
	}
}

/** "Sat, 5 Dec 2026, 10:00 am IST": one moment, such as a closing time. */
export function formatMoment(iso: string) {
	const date = new Date(iso)
	return `${istDay(date)}, ${istTime(date)} IST`
}

/** An event's fee is its taxable value: GST comes on top (the registration panel shows it). */
export function formatFee(nFeePaise: number) {
	return nFeePaise === 0 ? 'Free' : `${formatRupees(nFeePaise, { short: true })} + GST`
}

/** An event's fees as the public page lists them: per audience when they differ, and the early-bird fees until their last day has passed. */
export function feeLines(fees: EventFees, today: string) {
	const member = audienceFees(fees, 'member')
	const student = audienceFees(fees, 'student')
	const split = fees.nStudentFeePaise != null
	const lines = split ? [`Members: ${formatFee(member.fee)}`, `Students: ${formatFee(student.fee)}`] : [formatFee(member.fee)]
	const until = fees.dEarlyBirdUntil
	if (!until || today > until) return lines
	const early = split
		? [
				member.earlyBird !== null ? `members ${formatFee(member.earlyBird)}` : null,
				student.earlyBird !== null ? `students ${formatFee(student.earlyBird)}` : null,
			]
				.filter(Boolean)
				.join(', ')
		: member.earlyBird !== null
			? formatFee(member.earlyBird)
			: ''
	return early ? [...lines, `Early bird, registering by ${formatDay(until)} (India time): ${early}`] : lines
}

export function formatCpeHours(nCpeHours: number) {
	return `${nCpeHours} CPE ${nCpeHours === 1 ? 'hour' : 'hours'}`
}

/** "Feb 2025 – Feb 2027" from two calendar dates. */
export function formatTerm(dTermStart: string, dTermEnd: string) {
	return `${termFormat().format(new Date(dTermStart))} – ${termFormat().format(new Date(dTermEnd))}`
}

/** "2026-04" → "April 2026". */
export function monthLabel(month: string) {
	return monthFormat().format(new Date(`${month}-01T00:00:00Z`))
}

/** The months the filter offers: a year back to six months ahead, newest first, in India time. */
export function recentMonths(now: Date, back = 12, ahead = 6) {
	const [year, month] = yearMonthFormat().format(now).split('-').map(Number) as [number, number]
	return Array.from({ length: back + ahead + 1 }, (_, i) => {
		const date = new Date(Date.UTC(year, month - 1 + ahead - i, 1))
		return date.toISOString().slice(0, 7)
	})
}
