// Signed-in account calls (spec §7): profile, profile update, password change; and the
// pre-signed profile picture upload, which also works before sign-in (registration needs it).
import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import {
	ACCOUNT_MESSAGES,
	ACCOUNT_PATHS,
	PROFILE_PICTURE_MAX_BYTES,
	changePasswordSchema,
	preSignedUrlSchema,
	profileUpdateSchemas,
	type PreSignedUpload,
} from '~/contract/accounts'
import type { Role } from '~/contract/constants'
import type { ApiEnv } from '../app'
import { accounts, uploadSlots } from '../db/schema'
import { ApiError, ok, readJson } from '../http'
import { ImageError, reencodeImage } from '../images'
import { newMediaPath, saveMediaFile } from '../media-store'
import { clientAddress, enforceRateLimits } from '../rate-limit'
import { sameText, uploadSignature } from './crypto'
import { hashPassword, verifyPassword } from './passwords'
import { ACCOUNT_LIMITS } from './routes'
import { accountDeps, checkProfilePic, consumeOtp, mailPasswordNotice, PROFILE_PICTURE_FOLDER, profileColumns, readForm, requireAccount, revokeTokens, toProfile } from './service'

const UPLOAD_VALID_SECONDS = 10 * 60
const UPLOADS_PER_CLIENT = { limit: 100, windowSeconds: 3600 }
const ROLES: Role[] = ['member', 'student']

function profileRoutes(role: Role) {
	return new Hono<ApiEnv>()
		.get(ACCOUNT_PATHS.details(role), async (c) => {
			const { account } = await requireAccount(c, role)
			c.header('Cache-Control', 'private, no-store')
			return ok(c, 'Profile', toProfile(account))
		})
		.put(ACCOUNT_PATHS.updateProfile(role), async (c) => {
			const { account } = await requireAccount(c, role)
			const form = await readForm(c, profileUpdateSchemas[role])
			const { db } = c.get('deps')
			if (role === 'member') await checkProfilePic(db, (form as { sProfilePic?: string }).sProfilePic)
			const [updated] = await db.update(accounts).set(profileColumns(form)).where(eq(accounts.id, account.id)).returning()
			return ok(c, ACCOUNT_MESSAGES.profileUpdated, toProfile(updated!))
		})
		.post(ACCOUNT_PATHS.changePassword(role), async (c) => {
			const { account, tokenHash } = await requireAccount(c, role)
			await enforceRateLimits(c, [{ key: `change:${account.id}`, ...ACCOUNT_LIMITS.changePerAccount }])
			const form = await readForm(c, changePasswordSchema, ['sOldPassword', 'sNewPassword', 'sConfirmPassword'])
			if (form.sEmail !== account.email) throw new ApiError(400, 'Please correct the highlighted fields.', { sEmail: ["This is not your account's e-mail address"] })
			// The current password first, so a typo in it does not use up the OTP.
			if (!(await verifyPassword(form.sOldPassword, account.passwordHash))) {
				throw new ApiError(400, 'Please correct the highlighted fields.', { sOldPassword: ['The current password is not right'] })
			}
			const { db } = c.get('deps')
			const passwordHash = await hashPassword(form.sNewPassword, accountDeps(c).passwordCost)
			await consumeOtp(c, { email: account.email, role, purpose: 'change' }, form.nOtp)
			await db.transaction(async (tx) => {
				await tx.update(accounts).set({ passwordHash, updatedAt: new Date() }).where(eq(accounts.id, account.id))
				await revokeTokens(tx, account.id, tokenHash)
			})
			mailPasswordNotice(c, account.email, 'changed')
			return ok(c, ACCOUNT_MESSAGES.passwordChanged)
		})
}

async function preSignedUrl(c: Context<ApiEnv>) {
	await enforceRateLimits(c, [{ key: `upload:client:${clientAddress(c)}`, ...UPLOADS_PER_CLIENT }])
	await readJson(c, preSignedUrlSchema)
	const id = randomBytes(18).toString('base64url')
	const expires = Math.floor(Date.now() / 1000) + UPLOAD_VALID_SECONDS
	// The stored picture is always re-encoded as JPEG, whatever arrives.
	const path = newMediaPath(PROFILE_PICTURE_FOLDER, 'image/jpeg')
	await c.get('deps').db.insert(uploadSlots).values({ id, path, expiresAt: new Date(expires * 1000) })
	const query = new URLSearchParams({ expires: String(expires), signature: uploadSignature(accountDeps(c).privateKey, id, expires) })
	const answer: PreSignedUpload = { sUrl: `${ACCOUNT_PATHS.upload(id)}?${query}`, sPath: path }
	return ok(c, 'Upload address', answer)
}

async function upload(c: Context<ApiEnv>) {
	const id = c.req.param('id') ?? ''
	const expires = Number(c.req.query('expires'))
	const signature = c.req.query('signature') ?? ''
	const valid = Number.isInteger(expires) && expires * 1000 > Date.now() && sameText(signature, uploadSignature(accountDeps(c).privateKey, id, expires))
	if (!valid) throw new ApiError(403, 'This upload address is not valid or has expired.')
	let file: unknown
	try {
		file = (await c.req.formData()).get('file')
	} catch {
		throw new ApiError(400, 'Send the picture as multipart/form-data in a field named file.')
	}
	if (!(file instanceof File)) throw new ApiError(400, 'Send the picture as multipart/form-data in a field named file.')
	const { db } = c.get('deps')
	// Claimed atomically: a second PUT to the same address finds it used.
	const [slot] = await db
		.update(uploadSlots)
		.set({ usedAt: new Date() })
		.where(and(eq(uploadSlots.id, id), isNull(uploadSlots.usedAt), gt(uploadSlots.expiresAt, new Date())))
		.returning()
	if (!slot) throw new ApiError(403, 'This upload address is not valid or has expired.')
	try {
		const picture = await reencodeImage(new Uint8Array(await file.arrayBuffer()), { maxDimension: 800 })
		await saveMediaFile(db, { path: slot.path, contentType: picture.contentType, bytes: picture.bytes })
	} catch (error) {
		if (error instanceof ImageError) throw new ApiError(400, error.message, { file: [error.message] })
		throw error
	}
	return ok(c, 'Picture stored', { sPath: slot.path }, 201)
}

export const UPLOAD_PATH_PATTERN = /^\/api\/member\/profile-picture\/[^/]+\/v1$/

export const accountProfileRoutes = new Hono<ApiEnv>()
	.post(ACCOUNT_PATHS.preSignedUrl, preSignedUrl)
	.put(
		ACCOUNT_PATHS.upload(':id'),
		// The one call with a body beyond the API's 64 KB: the picture plus its multipart framing.
		bodyLimit({ maxSize: PROFILE_PICTURE_MAX_BYTES + 64 * 1024, onError: (c) => c.json({ message: 'The picture is larger than 5 MB.' }, 413) }),
		upload,
	)
for (const role of ROLES) accountProfileRoutes.route('/', profileRoutes(role))
