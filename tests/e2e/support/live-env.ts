// How the suite's portals are started (decision 0062). React's build is production either way
// (server.mjs); the demo branch is a trial's only, so the portals that read it run as a trial.

/**
 * What a live deployment must be given besides its secrets: the branch's particulars (these are
 * the trial's fictional ones; a real branch gives its own).
 */
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

/**
 * A trial with the demo branch, given explicitly what the suite relies on: the branch's particulars,
 * and fees paid at the branch office as a live branch takes them by default (a trial's default is
 * the sandbox checkout, which tests of it ask for).
 */
export const E2E_TRIAL_ENV = { NODE_ENV: 'test', DEPLOYMENT: 'trial', DEMO_CONTENT: 'on', PAYMENT_PROVIDER: 'offline', ...E2E_BRANCH_ENV }

/** A live start, for the tests of what only a live branch does: no demo content (a live start refuses it). */
export const E2E_LIVE_ENV = { ...E2E_TRIAL_ENV, NODE_ENV: 'production', DEPLOYMENT: 'live', DEMO_CONTENT: 'off' }
