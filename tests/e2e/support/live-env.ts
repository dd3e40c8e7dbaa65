// What a live deployment must be given besides its secrets: the branch's particulars (these are
// the trial's fictional ones; a real branch gives its own). For the portals the tests start live.
export const E2E_BRANCH_ENV = {
	BRANCH_NAME: 'Sahyadri Regional Branch',
	BRANCH_ADDRESS: "3rd Floor, Accountants' Bhavan, 14 Tilak Road, Sadashiv Peth, Pune 411030, Maharashtra",
	BRANCH_PHONE: '+91 20 2445 1200',
	BRANCH_EMAIL: 'office@sahyadri-branch.example.org',
	BRANCH_GSTIN: '27AAATS4821K1ZB',
	INVOICE_PREFIX: 'SRB',
	SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/example',
	SOCIAL_X_URL: 'https://x.com/example',
	SOCIAL_LINKEDIN_URL: 'https://www.linkedin.com/company/example',
	SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/example',
	SOCIAL_YOUTUBE_URL: 'https://www.youtube.com/@example',
}
