// How every password field travels to the API (decision 0007): RSA-OAEP with SHA-256 under the
// API's public key, base64. The portal's actions and the tests that call the API directly use
// this one module.
import { constants, publicEncrypt } from 'node:crypto'
import { PASSWORD_FIELDS } from '~/contract/accounts'

export function encryptText(publicKeyPem: string, text: string) {
	return publicEncrypt({ key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(text, 'utf8')).toString('base64')
}

/** The form with each password field it has encrypted; the other fields as they were. */
export function encryptPasswords<T extends Record<string, unknown>>(publicKeyPem: string, form: T): T {
	const copy: Record<string, unknown> = { ...form }
	for (const field of PASSWORD_FIELDS) {
		if (typeof copy[field] === 'string') copy[field] = encryptText(publicKeyPem, copy[field])
	}
	return copy as T
}
