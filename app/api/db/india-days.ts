// Date ranges the office filters by are India calendar days, whatever the server's time zone.

/** The first moment of an India calendar day (`2026-04-01`), as an instant. */
export const indiaDayStart = (day: string) => new Date(`${day}T00:00:00+05:30`)

/** The first moment after an India calendar day: the exclusive end of a range that includes it. */
export const indiaDayEnd = (day: string) => new Date(indiaDayStart(day).getTime() + 24 * 60 * 60 * 1000)
