// Signed-in account calls (docs/spec.md §7): profile, profile update, password change; and the
// pre-signed profile picture upload, which also works before sign-in (registration needs it).
import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { Hono } from 'hono'
import {
	ACCOUNT_MESSAGES,
	ACCOUNT_PATHS,
	accountEndpoints,
	changePasswordSchema,
	preSignedUrlSchema,
	type MemberProfile,
	type Profile,
	type StudentProfile,
} from '~/contract/accounts'
import type { Database } from '../db/client'
import { accounts, uploadSlots } from '../db/schema'
import { handle } from '../endpoints'
import { ApiError, readJson } from '../http'
import { ImageError, reencodeImage } from '../images'
import { newMediaPath, saveMediaFile } from '../media/service'
import { clientAddress, enforceRateLimits } from '../rate-limit'
import { sameText, uploadSignature } from '../crypto/crypto'
import { forgetDevices } from './device-tokens'
import { hashPassword, verifyPassword } from '../crypto/passwords'
import { ACCOUNT_LIMITS } from './routes'
import { readForm } from '../auth/forms'
import { checkProfilePic, consumeOtp, mailPasswordNotice, PROFILE_PICTURE_FOLDER, profileColumns, revokeTokens, toProfile, type Account } from './service'
import { accountDeps, type ApiEnv } from '../env'

const UPLOAD_VALID_SECONDS = 10 * 60
const UPLOADS_PER_CLIENT = { limit: 100, windowSeconds: 3600 }

/** The profile of an account the caller's check found for the path's role, so of that role's kind. */
const profileOf = <P extends Profile>(account: Account) => toProfile(account) as P

async function updateProfile(db: Database, account: Account, form: Record<string, unknown> & { sProfilePic?: string }) {
	await checkProfilePic(db, form.sProfilePic)
	const [updated] = await db.update(accounts).set(profileColumns(form)).where(eq(accounts.id, account.id)).returning()
	return updated!
}

export const accountProfileRoutes = new Hono<ApiEnv>()

handle(accountProfileRoutes, accountEndpoints.memberDetails, async ({ caller: { account } }) => ({
	message: 'Profile',
	data: profileOf<MemberProfile>(account),
}))
handle(accountProfileRoutes, accountEndpoints.studentDetails, async ({ caller: { account } }) => ({
	message: 'Profile',
	data: profileOf<StudentProfile>(account),
}))
handle(accountProfileRoutes, accountEndpoints.updateMemberProfile, async ({ deps: { db }, caller: { account }, body: form }) => ({
	message: ACCOUNT_MESSAGES.profileUpdated,
	data: profileOf<MemberProfile>(await updateProfile(db, account, form)),
}))
handle(accountProfileRoutes, accountEndpoints.updateStudentProfile, async ({ deps: { db }, caller: { account }, body: form }) => ({
	message: ACCOUNT_MESSAGES.profileUpdated,
	data: profileOf<StudentProfile>(await updateProfile(db, account, form)),
}))

handle(accountProfileRoutes, accountEndpoints.changePassword, async ({ c, caller: { account, tokenHash, role } }) => {
	await enforceRateLimits(c, [{ key: `change:${account.id}`, ...ACCOUNT_LIMITS.changePerAccount }])
	const form = await readForm(c, changePasswordSchema, ['sOldPassword', 'sNewPassword', 'sConfirmPassword'])
	if (form.sEmail !== account.email)
		throw new ApiError(400, 'Please correct the highlighted fields.', { sEmail: ["This is not your account's e-mail address"] })
	// The current password first, so a typo in it does not use up the OTP.
	const { passwordCost, signInPool } = accountDeps(c)
	if (!(await verifyPassword(form.sOldPassword, account.passwordHash, signInPool))) {
		throw new ApiError(400, 'Please correct the highlighted fields.', { sOldPassword: ['The current password is not right'] })
	}
	const { db } = c.get('deps')
	const passwordHash = await hashPassword(form.sNewPassword, passwordCost, signInPool)
	await consumeOtp(c, { email: account.email, role, purpose: 'change' }, form.nOtp)
	await db.transaction(async (tx) => {
		await tx.update(accounts).set({ passwordHash, updatedAt: new Date() }).where(eq(accounts.id, account.id))
		await revokeTokens(tx, account.id, tokenHash)
		await forgetDevices(tx, account.id)
	})
	mailPasswordNotice(c, account.email, 'changed')
	return { message: ACCOUNT_MESSAGES.passwordChanged, data: undefined }
})

handle(accountProfileRoutes, accountEndpoints.preSignedUrl, async ({ c }) => {
	await enforceRateLimits(c, [{ key: `upload:client:${clientAddress(c)}`, ...UPLOADS_PER_CLIENT }])
	await readJson(c, preSignedUrlSchema)
	const id = randomBytes(18).toString('base64url')
	const expires = Math.floor(Date.now() / 1000) + UPLOAD_VALID_SECONDS
	// The stored picture is always re-encoded as JPEG, whatever arrives.
	const path = newMediaPath(PROFILE_PICTURE_FOLDER, 'image/jpeg')
	await c
		.get('deps')
		.db.insert(uploadSlots)
		.values({ id, path, expiresAt: new Date(expires * 1000) })
	const query = new URLSearchParams({ expires: String(expires), signature: uploadSignature(accountDeps(c).privateKey, id, expires) })
	return { message: 'Upload address', data: { sUrl: `${ACCOUNT_PATHS.upload(id)}?${query}`, sPath: path } }
})

handle(accountProfileRoutes, accountEndpoints.uploadPicture, async ({ c, params: { sUploadId: id } }) => {
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
	return { message: 'Picture stored', data: { sPath: slot.path }, status: 201 }
})
