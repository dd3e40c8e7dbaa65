// Dates and times as the branch (in India) means them, whatever the server's or the visitor's
// time zone. Dates of public content are calendar days (`YYYY-MM-DD`); moments are ISO 8601.
export const INDIA_TIME_ZONE = 'Asia/Kolkata'
/**
 * A formatter in India time (unless `options.timeZone` names another), made on first use, not when
 * the browser loads the page's scripts: a page's first Intl formatter loads the locale's data, tens
 * of milliseconds on a phone, which would lengthen the one long task in which the page's modules start.
 */
export function lazyDateFormat(options: Intl.DateTimeFormatOptions, locale = 'en-IN') {
	let format: Intl.DateTimeFormat | undefined
	return () => (format ??= new Intl.DateTimeFormat(locale, { timeZone: INDIA_TIME_ZONE, ...options }))
}
const dayFormat = lazyDateFormat({ day: 'numeric', month: 'long', year: 'numeric' })
const monthFormat = lazyDateFormat({ month: 'long', year: 'numeric' })
const shortDayFormat = lazyDateFormat({ dateStyle: 'medium' })
const momentFormat = lazyDateFormat({ dateStyle: 'medium', timeStyle: 'short' })
const longMomentFormat = lazyDateFormat({ dateStyle: 'long', timeStyle: 'short' })
const calendarDayFormat = lazyDateFormat({ year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA')

const asKolkataNoon = (day: string) => new Date(`${day}T12:00:00+05:30`)

/** `2026-03-07` -> `7 March 2026` */
export const formatDay = (day: string) => dayFormat().format(asKolkataNoon(day))
/** `2026-03-01` -> `March 2026` */
export const formatMonth = (day: string) => monthFormat().format(asKolkataNoon(day))
/** A moment (ISO 8601) as its day in India: `2026-03-06T20:00:00Z` -> `7 March 2026` */
export const formatInstantDay = (iso: string) => dayFormat().format(new Date(iso))
/** A moment as its day in India, shorter: `24 Nov 2026` */
export const formatShortDay = (moment: string | Date) => shortDayFormat().format(new Date(moment))
/** A moment in India: `24 Nov 2026, 5:30 pm` */
export const formatIndiaMoment = (moment: string | Date) => momentFormat().format(new Date(moment))
/** A moment in India, the month in full: `24 November 2026 at 5:30 pm` */
export const formatIndiaMomentLong = (moment: string | Date) => longMomentFormat().format(new Date(moment))
/** A moment's calendar day in India: `2026-11-24` */
export const indiaCalendarDay = (moment: Date) => calendarDayFormat().format(moment)
/** A moment's year in India. */
export const indiaYear = (moment: Date) => Number(indiaCalendarDay(moment).slice(0, 4))
const clockFormat = lazyDateFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
/** A moment's time of day in India, 24-hour: `10:02` */
export const formatIndiaClock = (moment: string | Date) => clockFormat().format(new Date(moment))

/** The first moment of an India calendar day (`2026-04-01`), as an instant. */
export const indiaDayStart = (day: string) => new Date(`${day}T00:00:00+05:30`)

/** The first moment after an India calendar day: the exclusive end of a range that includes it. */
export const indiaDayEnd = (day: string) => new Date(indiaDayStart(day).getTime() + 24 * 60 * 60 * 1000)
