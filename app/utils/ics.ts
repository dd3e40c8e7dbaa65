// One event as an iCalendar file (RFC 5545) for "Add to calendar": CRLF line ends, TEXT values
// escaped (§3.3.11), lines folded at 75 octets (§3.1), times in UTC.
export type CalendarEvent = {
	uid: string
	title: string
	description: string
	location: string
	url: string
	start: Date
	end: Date
	/** When the file was made (DTSTAMP). */
	stamp: Date
}

/** Backslash, semicolon, comma and line breaks are escaped in TEXT values. */
export function escapeText(text: string) {
	return text
		.replace(/\\/g, '\\\\')
		.replace(/;/g, '\\;')
		.replace(/,/g, '\\,')
		.replace(/\r\n|\r|\n/g, '\\n')
}

/** 20261205T043000Z */
export function utcStamp(date: Date) {
	return date
		.toISOString()
		.replace(/[-:]/g, '')
		.replace(/\.\d{3}/, '')
}

const encoder = new TextEncoder()

/** Splits a content line into lines of at most 75 octets, never inside a UTF-8 character. */
export function foldLine(line: string) {
	const parts: string[] = []
	let current = ''
	let octets = 0
	for (const char of line) {
		const size = encoder.encode(char).length
		// A continuation line starts with a space, which counts towards its 75 octets.
		const limit = parts.length === 0 ? 75 : 74
		if (octets + size > limit) {
			parts.push(current)
			current = ''
			octets = 0
		}
		current += char
		octets += size
	}
	parts.push(current)
	return parts.join('\r\n ')
}

export function buildIcs(event: CalendarEvent, productId: string) {
	const lines = [
		'BEGIN:VCALENDAR',
		'VERSION:2.0',
		`PRODID:${productId}`,
		'CALSCALE:GREGORIAN',
		'METHOD:PUBLISH',
		'BEGIN:VEVENT',
		`UID:${event.uid}`,
		`DTSTAMP:${utcStamp(event.stamp)}`,
		`DTSTART:${utcStamp(event.start)}`,
		`DTEND:${utcStamp(event.end)}`,
		`SUMMARY:${escapeText(event.title)}`,
		`DESCRIPTION:${escapeText(event.description)}`,
		`LOCATION:${escapeText(event.location)}`,
		`URL:${event.url}`,
		'END:VEVENT',
		'END:VCALENDAR',
	]
	return `${lines.map(foldLine).join('\r\n')}\r\n`
}
