// Accounts: members, students, one-time passwords, tokens, device tokens and upload slots.
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { OtpPurpose } from '~/contract/accounts'
import type { UserType } from '~/contract/constants'

/** Members (M) and students (S) in one table; the fields only one kind has are null for the other. */
export const accounts = pgTable(
	'accounts',
	{
		id: serial('id').primaryKey(),
		userType: text('user_type').$type<UserType>().notNull(),
		/** Membership number (members) or registration number (students). */
		number: text('number').notNull(),
		email: text('email').notNull(),
		fullName: text('full_name').notNull(),
		mobileNumber: text('mobile_number').notNull(),
		dob: text('dob').notNull(),
		stateCode: text('state_code').notNull(),
		city: text('city').notNull(),
		/** scrypt, self-describing (`scrypt$N$r$p$salt$hash`): never the password itself. */
		passwordHash: text('password_hash').notNull(),
		firmCompanyName: text('firm_company_name'),
		gstNumber: text('gst_number'),
		updatesOnEmail: boolean('updates_on_email').notNull().default(false),
		updatesOnWhatsapp: boolean('updates_on_whatsapp').notNull().default(false),
		profilePic: text('profile_pic'),
		course: text('course'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
		/** Set by the office: the account cannot sign in, and its tokens were revoked. */
		disabledAt: timestamp('disabled_at', { withTimezone: true }),
		/** The number the office took back from this account (it had registered someone else's). */
		releasedNumber: text('released_number'),
		/** Closed by its holder: the personal data is erased, the row kept (anonymised) for the history linked to it. */
		closedAt: timestamp('closed_at', { withTimezone: true }),
	},
	(table) => [uniqueIndex('accounts_number_idx').on(table.userType, table.number), uniqueIndex('accounts_email_idx').on(table.userType, table.email)],
)

/** Sign-in tokens, kept only as sha256 hashes; revoked by setting revokedAt. */
export const accountTokens = pgTable(
	'account_tokens',
	{
		tokenHash: text('token_hash').primaryKey(),
		accountId: integer('account_id')
			.notNull()
			.references(() => accounts.id, { onDelete: 'cascade' }),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		revokedAt: timestamp('revoked_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [index('account_tokens_account_idx').on(table.accountId)],
)

/**
 * Browsers that signed in to an account (device tokens, decision 0063): one row per browser, kept
 * only as the token's hash. Its wrong passwords are counted so that a copy cannot guess for ever.
 */
export const deviceTokens = pgTable(
	'device_tokens',
	{
		tokenHash: text('token_hash').primaryKey(),
		accountId: integer('account_id')
			.notNull()
			.references(() => accounts.id, { onDelete: 'cascade' }),
		wrongPasswords: integer('wrong_passwords').notNull().default(0),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [index('device_tokens_account_idx').on(table.accountId)],
)

/** One live OTP per e-mail, user type and purpose: a new one replaces the old. Only its hash is kept. */
export const oneTimePasswords = pgTable(
	'one_time_passwords',
	{
		email: text('email').notNull(),
		userType: text('user_type').$type<UserType>().notNull(),
		purpose: text('purpose').$type<OtpPurpose>().notNull(),
		codeHash: text('code_hash').notNull(),
		wrongTries: integer('wrong_tries').notNull().default(0),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
	},
	(table) => [primaryKey({ columns: [table.email, table.userType, table.purpose] })],
)

/** A pre-signed picture upload: its address is HMAC-signed, expires soon and works once. */
export const uploadSlots = pgTable('upload_slots', {
	id: text('id').primaryKey(),
	path: text('path').notNull(),
	expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
	usedAt: timestamp('used_at', { withTimezone: true }),
})
