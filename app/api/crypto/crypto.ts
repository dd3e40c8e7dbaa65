// The API's secrets at work: tokens, OTPs, upload and device signatures, sealed two-factor secrets
// (passwords: sign-in-pool.ts).
import {
	createCipheriv,
	createDecipheriv,
	createHash,
	createHmac,
	createPrivateKey,
	randomBytes,
	randomInt,
	timingSafeEqual,
	type KeyObject,
} from 'node:crypto'
import type { Context } from 'hono'
import { OTP_LENGTH } from '~/contract/accounts'
import { ApiError } from '../http'

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url')

/** The hash of the Authorization header's token, as tokens are stored (members, students, staff); 401 without a plausible one. */
export function bearerTokenHash(c: Context) {
	const token = (c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, '').trim()
	if (token.length < 20 || token.length > 200) throw new ApiError(401, 'Authentication failed')
	return sha256(token)
}

/**
 * Whether a field can be an RSA-OAEP ciphertext of this key at all: base64 of exactly the key's size.
 * The cheap check before the costly decryption (in the sign-in pool, sign-in-pool.ts).
 */
export function isCiphertextFor(privateKey: KeyObject, value: unknown): value is string {
	const bytes = (privateKey.asymmetricKeyDetails?.modulusLength ?? 0) / 8
	return (
		typeof value === 'string' &&
		value.length === Math.ceil(bytes / 3) * 4 &&
		/^[A-Za-z0-9+/]+={0,2}$/.test(value) &&
		Buffer.from(value, 'base64').length === bytes
	)
}

export const loadPrivateKey = (pem: string) => createPrivateKey(pem)

/** 256 random bits; only the hash is stored. */
export const newToken = () => randomBytes(32).toString('base64url')

/** Six digits from the CSPRNG, never with a leading zero, so it survives as the number nOtp. */
export const newOtp = () => randomInt(10 ** (OTP_LENGTH - 1), 10 ** OTP_LENGTH)

/** HMAC of an upload slot id and its expiry, with a key derived from the API's private key. */
export function uploadSignature(privateKey: KeyObject, id: string, expires: number) {
	return createHmac('sha256', derivedKey(privateKey, 'upload-signature')).update(`${id}.${expires}`).digest('base64url')
}

export function sameText(a: string, b: string) {
	const left = Buffer.from(a)
	const right = Buffer.from(b)
	return left.length === right.length && timingSafeEqual(left, right)
}

/** A key for one purpose, derived from the API's private key (no further secret to configure). */
function derivedKey(privateKey: KeyObject, label: string) {
	return createHash('sha256')
		.update(`${label}\0`)
		.update(privateKey.export({ type: 'pkcs8', format: 'der' }))
		.digest()
}

/** A browser that signed in to the office is trusted for it this long (its device token; members' are in device-tokens.ts). */
export const DEVICE_TOKEN_DAYS = 365

/**
 * The office's device token: proof that this browser signed in as this user before (OWASP's answer
 * to lock-outs by strangers). It names the user type and username, carries its expiry, and is signed.
 */
export function deviceToken(privateKey: KeyObject, userType: string, number: string, now = Date.now()) {
	const expires = Math.floor(now / 1000) + DEVICE_TOKEN_DAYS * 86400
	const mac = createHmac('sha256', derivedKey(privateKey, 'device')).update(`${userType}\0${number}\0${expires}`).digest('base64url')
	return `${expires}.${mac}`
}

export function isDeviceTokenFor(privateKey: KeyObject, token: unknown, userType: string, number: string, now = Date.now()) {
	if (typeof token !== 'string') return false
	const [expires, mac] = token.split('.')
	if (!expires || !mac || !/^\d+$/.test(expires) || Number(expires) * 1000 < now) return false
	const expected = createHmac('sha256', derivedKey(privateKey, 'device')).update(`${userType}\0${number}\0${expires}`).digest('base64url')
	return sameText(mac, expected)
}

/** A keyed hash for one purpose: what is stored of a one-time secret, useless to whoever reads only the database. */
export function keyedDigest(privateKey: KeyObject, purpose: 'otp' | 'recovery-code', parts: string[]) {
	return createHmac('sha256', derivedKey(privateKey, purpose)).update(parts.join('\0')).digest('base64url')
}

/** OTPs are stored as a keyed hash bound to their e-mail, user type and purpose. */
export const otpDigest = (privateKey: KeyObject, parts: string[]) => keyedDigest(privateKey, 'otp', parts)

/** A secret the API must read back (a TOTP key), sealed with AES-256-GCM under a key derived from its private key. */
export function sealSecret(privateKey: KeyObject, text: string) {
	const iv = randomBytes(12)
	const cipher = createCipheriv('aes-256-gcm', derivedKey(privateKey, 'sealed-secret'), iv)
	const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
	return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.')
}

export function openSecret(privateKey: KeyObject, sealed: string) {
	const [iv, tag, text] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'))
	const decipher = createDecipheriv('aes-256-gcm', derivedKey(privateKey, 'sealed-secret'), iv!)
	decipher.setAuthTag(tag!)
	return Buffer.concat([decipher.update(text!), decipher.final()]).toString('utf8')
}
