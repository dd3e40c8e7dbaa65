// A calendar day as forms and the API write it (2026-04-15), checked as PostgreSQL's date column
// will read it, so a day it would refuse is a field error, not a fault.

const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

/** A day that exists (not 2026-02-30), in years 1 to 9999: PostgreSQL has no year 0. */
export const isRealDay = (day: string) => DAY_PATTERN.test(day) && !day.startsWith('0000') && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day)

/** A year and month (2026-11) whose first day is a real day. */
export const isRealMonth = (month: string) => /^\d{4}-\d{2}$/.test(month) && isRealDay(`${month}-01`)

/** An ISO instant within years 1 to 9999 in UTC: what PostgreSQL reads of the form JavaScript writes. */
export function isStorableInstant(iso: string) {
	const year = new Date(iso).getUTCFullYear()
	return year >= 1 && year <= 9999
}
