import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { ConflictNotice } from './conflict-notice'

test('shows the message and only the fields that differ, both versions side by side', () => {
	const html = renderToStaticMarkup(
		<ConflictNotice
			message="This event was changed by someone else since you opened it"
			fields={[
				{ label: 'Title', yours: 'GST update', current: 'GST update 2026' },
				{ label: 'City', yours: 'Pune', current: 'Pune' },
			]}
		/>,
	)
	expect(html).toContain('role="alert"')
	expect(html).toContain('This event was changed by someone else since you opened it')
	expect(html).toContain('<td class="py-1 pr-3 whitespace-pre-wrap">GST update</td>')
	expect(html).toContain('GST update 2026')
	expect(html).not.toContain('>City<')
})
