// Dates of public content are calendar days (`YYYY-MM-DD`); they are shown as the branch (in India)
// means them, whatever the server's or the visitor's time zone.
const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' })
const monthFormat = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' })

const asKolkataNoon = (day: string) => new Date(`${day}T12:00:00+05:30`)

/** `2026-03-07` -> `7 March 2026` */
export const formatDay = (day: string) => dayFormat.format(asKolkataNoon(day))
/** `2026-03-01` -> `March 2026` */
export const formatMonth = (day: string) => monthFormat.format(asKolkataNoon(day))
/** A moment (ISO 8601) as its day in India: `2026-03-06T20:00:00Z` -> `7 March 2026` */
export const formatInstantDay = (iso: string) => dayFormat.format(new Date(iso))
