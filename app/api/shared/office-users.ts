// OFFICE_USERS (decision 0019): the staff users the configuration creates or updates at start.
// Only zod here, so the configuration can read it without the database code.
import { z } from 'zod'
import { staffFullNameSchema, staffRoleSchema, usernameSchema } from '~/contract/office/auth'

const SCRYPT_HASH = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}$/
/** Below this scrypt cost a stolen hash falls too fast; `npm run office -- hash` uses 2^17. */
const MIN_SCRYPT_N = 2 ** 15

export const staffPasswordHashSchema = z.string().refine((hash) => {
	const [, n, r, p] = SCRYPT_HASH.exec(hash) ?? []
	return Number(n) >= MIN_SCRYPT_N && Number.isInteger(Math.log2(Number(n))) && Number(r) >= 8 && Number(p) >= 1
}, 'must be a scrypt hash from `npm run office -- hash` (scrypt$N$r$p$salt$key, N at least 2^15)')

/** OFFICE_USERS: a JSON array of { username, fullName, passwordHash, role?, disabled? }, each username once; role `editor` unless given. */
export const staffSettingsSchema = z
	.array(
		z
			.object({
				username: usernameSchema,
				fullName: staffFullNameSchema,
				passwordHash: staffPasswordHashSchema,
				role: staffRoleSchema.default('editor'),
				disabled: z.boolean().optional(),
			})
			.strict(),
	)
	.refine((users) => new Set(users.map((user) => user.username)).size === users.length, 'lists a username twice')

/** Reads OFFICE_USERS' text; anything but JSON becomes a zod issue, so the configuration error names the variable. */
export const staffSettingsFromText = z
	.string()
	.transform((text, ctx) => {
		try {
			return JSON.parse(text) as unknown
		} catch {
			ctx.addIssue({ code: 'custom', message: 'must be JSON: [{"username":"…","fullName":"…","passwordHash":"scrypt$…"}]' })
			return z.NEVER
		}
	})
	.pipe(staffSettingsSchema)

/** A user as set by OFFICE_USERS (role filled in) or the command line (role only when given). */
export type StaffUserSetting = z.input<typeof staffSettingsSchema>[number]
