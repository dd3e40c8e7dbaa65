// What mail needs in tests: links to a test address, a test signing key, the test branch, and no
// real pacing. The queue is given late (it needs these to start), hence `queue.current`.
import type { JobQueue } from '~/api/jobs/queue'
import type { Mailer } from '~/api/mail/mailer'
import type { MailDeps } from '~/api/mail/mailings'
import { createPacer } from '~/api/mail/pacer'
import { TEST_SETTINGS } from './accounts'

export function testMailDeps(mailer: Mailer, queue: { current?: JobQueue }, ratePerSecond = 1000): MailDeps {
	return {
		mailer,
		jobs: { sendMailing: (mailingId, lane) => queue.current!.sendMailing(mailingId, lane) },
		pacer: createPacer(ratePerSecond),
		publicUrl: 'https://portal.test.example/',
		mediaBaseUrl: 'https://portal.test.example/media/',
		signingKey: 'test-only-mail-link-signing-key-0123456789',
		ticketSecret: TEST_SETTINGS.documents.ticketSecret,
		branch: TEST_SETTINGS.branch,
		billing: TEST_SETTINGS.billing,
		reminderLeadHours: 24,
		offerHoldHours: 24,
	}
}
