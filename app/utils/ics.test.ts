import { describe, expect, test } from 'vitest'
import { buildIcs, escapeText, foldLine, utcStamp } from './ics'

const event = {
	uid: 'event-7@portal.example.org',
	title: 'Seminar on GST; returns, audits & "9C"',
	description: 'Line one\nLine two, with a comma; a semicolon and a \\ backslash',
	location: 'Accountants’ Bhavan, 14 Tilak Road, Pune',
	url: 'https://portal.example.org/events/event-details/7',
	start: new Date('2026-12-05T04:30:00Z'),
	end: new Date('2026-12-05T11:30:00Z'),
	stamp: new Date('2026-11-23T03:04:05.678Z'),
}

/** RFC 5545 §3.1: a line break followed by one space or tab is removed when reading. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '')

describe('buildIcs', () => {
	const ics = buildIcs(event, '-//Sahyadri Regional Branch//Branch portal//EN')

	test('is one VEVENT in a VCALENDAR with CRLF line ends', () => {
		expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true)
		expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true)
		expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
	})

	test('gives times in UTC', () => {
		const lines = unfold(ics).split('\r\n')
		expect(lines).toContain('DTSTART:20261205T043000Z')
		expect(lines).toContain('DTEND:20261205T113000Z')
		expect(lines).toContain('DTSTAMP:20261123T030405Z')
		expect(lines).toContain('UID:event-7@portal.example.org')
	})

	test('escapes text values', () => {
		const lines = unfold(ics).split('\r\n')
		expect(lines).toContain('SUMMARY:Seminar on GST\\; returns\\, audits & "9C"')
		expect(lines).toContain('DESCRIPTION:Line one\\nLine two\\, with a comma\\; a semicolon and a \\\\ backslash')
		expect(lines).toContain('LOCATION:Accountants’ Bhavan\\, 14 Tilak Road\\, Pune')
		expect(lines).toContain(`URL:${event.url}`)
	})

	test('folds every line at 75 octets', () => {
		const long = buildIcs({ ...event, description: 'GST ₹ '.repeat(60) }, '-//x//y//EN')
		const physical = long.split('\r\n').filter(Boolean)
		for (const line of physical) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
		expect(physical.some((line) => line.startsWith(' '))).toBe(true)
		expect(unfold(long)).toContain(`DESCRIPTION:${'GST ₹ '.repeat(60)}`)
	})
})

describe('pieces', () => {
	test('escapeText turns CR LF, CR and LF into \\n', () => {
		expect(escapeText('a\r\nb\rc\nd')).toBe('a\\nb\\nc\\nd')
	})

	test('foldLine never splits a multi-byte character', () => {
		const folded = foldLine(`X:${'₹'.repeat(40)}`)
		const parts = folded.split('\r\n ')
		expect(parts.length).toBe(2)
		expect(Buffer.byteLength(parts[0]!)).toBe(74)
		expect(parts.join('')).toBe(`X:${'₹'.repeat(40)}`)
	})

	test('a short line is left alone', () => {
		expect(foldLine('VERSION:2.0')).toBe('VERSION:2.0')
	})

	test('utcStamp drops separators and milliseconds', () => {
		expect(utcStamp(new Date('2027-02-15T11:30:00.999Z'))).toBe('20270215T113000Z')
	})
})
