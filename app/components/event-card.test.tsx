import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { expect, test } from 'vitest'
import { EventCard } from './event-card'

test('read as plain text (a text browser, a screen reader), the date, time, hours and fee stay apart', () => {
	const html = renderToStaticMarkup(
		<MemoryRouter>
			<EventCard
				mediaBaseUrl="/media/"
				event={{
					iEventId: 1,
					sTitle: 'Budget meeting',
					sSummary: '',
					sCategory: 'Seminar',
					dStartDate: '2027-02-16T11:30:00.000Z',
					dEndDate: '2027-02-16T14:30:00.000Z',
					sVenueName: 'Hall',
					sCity: 'Pune',
					nCpeHours: 3,
					nFeePaise: 0,
					oImage: null,
				}}
			/>
		</MemoryRouter>,
	)
	const text = html.replace(/<[^>]+>/g, '')
	expect(text).toContain('Tue, 16 Feb 2027, 5:00 pm')
	expect(text).toContain('3 CPE hours, Free')
})
