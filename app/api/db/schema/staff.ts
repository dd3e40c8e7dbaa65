// Branch office staff: a third kind of user, made from the command line or configuration,
// never by public registration. They sign in to the API only, for now.
import { STAFF_ROLES } from '../../../contract/office/staff-roles'
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

export const staffUsers = pgTable(
	'staff_users',
	{
		id: serial('id').primaryKey(),
		username: text('username').notNull(),
		fullName: text('full_name').notNull(),
		/** scrypt, as for members: never the password itself. */
		passwordHash: text('password_hash').notNull(),
		/** One of the office's roles (app/contract/office/staff-roles.ts). */
		role: text('role', { enum: STAFF_ROLES }).notNull().default('editor'),
		/** Where the office's test mails go; given by the staff user when first sending one. */
		email: text('email'),
		/** Set to stop a staff user signing in without losing who marked what. */
		disabledAt: timestamp('disabled_at', { withTimezone: true }),
		/**
		 * Two-factor sign-in (decision 0048): the TOTP secret sealed with a key derived from the API's
		 * private key, never in clear; set (with the time) once the user confirmed a code from their app.
		 */
		totpSecret: text('totp_secret'),
		totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
		/** A secret offered by the setup page and not yet confirmed, sealed likewise. */
		totpPendingSecret: text('totp_pending_secret'),
		/** The last 30-second step whose code was accepted: the same code never works twice. */
		totpLastStep: integer('totp_last_step'),
		/** Keyed digests of the unused one-time recovery codes. */
		recoveryCodeDigests: text('recovery_code_digests').array().notNull().default([]),
		/**
		 * Wrong codes at the sign-in's code step since the last right one (decision 0061): from the
		 * fifth each next try waits, and at the limit the code step is locked until an administrator lifts it.
		 */
		codeFailures: integer('code_failures').notNull().default(0),
		lastCodeFailureAt: timestamp('last_code_failure_at', { withTimezone: true }),
		/**
		 * When a right password met several wrong codes: someone else may know the password. The
		 * administrators see it on the dashboard until one of them clears it or sets a new password.
		 */
		codeAlertAt: timestamp('code_alert_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [uniqueIndex('staff_users_username_idx').on(table.username)],
)

/** Staff sign-in tokens, kept only as sha256 hashes. */
export const staffTokens = pgTable(
	'staff_tokens',
	{
		tokenHash: text('token_hash').primaryKey(),
		staffId: integer('staff_id')
			.notNull()
			.references(() => staffUsers.id, { onDelete: 'cascade' }),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		revokedAt: timestamp('revoked_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [index('staff_tokens_staff_idx').on(table.staffId)],
)

/** A password step passed by a user with two-factor sign-in: the code step's ticket, kept only as its hash, for minutes. */
export const staffPendingSignIns = pgTable(
	'staff_pending_sign_ins',
	{
		tokenHash: text('token_hash').primaryKey(),
		staffId: integer('staff_id')
			.notNull()
			.references(() => staffUsers.id, { onDelete: 'cascade' }),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		/** The password step's rate-limit keys: they are given back only when the code step succeeds. */
		passwordLimitKeys: text('password_limit_keys').array().notNull().default([]),
	},
	(table) => [index('staff_pending_sign_ins_staff_idx').on(table.staffId)],
)
