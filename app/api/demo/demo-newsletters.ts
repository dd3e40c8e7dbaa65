// Text of the demo newsletter issues: a lead story per month and a rotation of regular columns.
// Plain ASCII, so the PDFs need only the standard Helvetica font (nothing embedded, files stay small).

export type DemoArticle = { heading: string; paragraphs: string[] }

export const MONTHLY_LEADS: DemoArticle[] = [
	{
		heading: 'Branch news: new study circle for members in industry',
		paragraphs: [
			'The managing committee has started a study circle for members working in industry. It meets on the second Saturday of every month at the branch premises and discusses one topic in depth: this quarter, lease accounting under Ind AS 116, internal financial controls and treasury management.',
			'Members who wish to present a paper or host a session at their organisation may write to the branch office. Each meeting counts for structured CPE hours.',
		],
	},
	{
		heading: 'GST update: invoice management system and ITC reconciliation',
		paragraphs: [
			'Recipients can now accept, reject or keep pending the invoices uploaded by their suppliers before the return is filed. The branch recommends a monthly reconciliation of the purchase register with the auto-drafted statement, well before the due date of the return.',
			'A practical session on the new workflow, with worked examples from the textile and construction sectors, is planned for later this month. Details are on the Events page.',
		],
	},
	{
		heading: 'CPE reminder: the block year closes soon',
		paragraphs: [
			'Members are reminded to check their CPE hours on the institute portal. Structured hours may be earned at branch seminars, workshops and the study circles; unstructured hours through self-study and articles, within the limits of the CPE guidelines.',
			'Members who are short of hours should plan now: the branch has scheduled two full-day programmes in the coming weeks, each worth six structured hours.',
		],
	},
	{
		heading: 'Income tax: advance tax instalment and updated returns',
		paragraphs: [
			'The next instalment of advance tax falls due on the 15th. Members advising salaried clients with capital gains should review the revised rates on listed equity and the new holding-period rules before computing the instalment.',
			'The branch library has added commentaries on the latest Finance Act; members may borrow them for two weeks.',
		],
	},
	{
		heading: 'Students corner: articleship and examination support',
		paragraphs: [
			'The branch runs mock tests for the intermediate and final levels every month, with evaluated answer sheets returned within ten days. Students may register at the branch office or through the Events page.',
			'The reading room stays open until 10 pm during the examination months, with free Wi-Fi and a quiet study area.',
		],
	},
	{
		heading: 'Audit quality: peer review and documentation',
		paragraphs: [
			'Firms selected for peer review this year should have their engagement files, quality control manual and independence declarations ready. The branch will host a session on common observations of reviewers, including gaps in audit documentation and sampling.',
			'Small and medium practices may ask the branch for a reviewer-led checklist walk-through.',
		],
	},
]

export const REGULAR_COLUMNS: DemoArticle[] = [
	{
		heading: 'From the chairman',
		paragraphs: [
			'Dear members, the past month saw record attendance at our programmes. My thanks to every speaker and volunteer. Your suggestions shape our calendar: please share the topics you would like the branch to cover next.',
		],
	},
	{
		heading: 'Compliance calendar',
		paragraphs: [
			'7th: TDS and TCS deposit. 11th: GSTR-1 for monthly filers. 13th: IFF for QRMP taxpayers. 15th: provident fund and ESI contributions. 20th: GSTR-3B for monthly filers. Please confirm each date against the latest notifications.',
		],
	},
	{
		heading: 'Members in the news',
		paragraphs: [
			'Congratulations to the members of the branch who were appointed to institute committees this year, and to the students who ranked in the national merit list of the last examinations.',
		],
	},
]
