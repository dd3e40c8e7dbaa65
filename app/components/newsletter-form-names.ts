// The footer newsletter form's names, shared by its component, its route and the island.
export const NEWSLETTER_FORM = {
	id: 'newsletter',
	action: '/newsletter/subscribe',
	/** Added to the action by a script (the fetcher, the island): answer with data instead of a redirect. */
	scriptedParam: 'scripted',
	returnPathField: 'sReturnPath',
	/** Hidden from people; a bot that fills it is silently ignored. */
	honeypotField: 'sWebsite',
	/** The fields the schema checks, in the form's order. */
	fields: ['sFullName', 'sMembershipNumber', 'sEmail'],
} as const
