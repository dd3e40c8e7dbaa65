// Reading a form for an endpoint (endpoints.ts): the encrypted password fields decrypted in the
// sign-in pool, then the whole form validated.
import type { Context } from 'hono'
import type { z } from 'zod'
import { ACCOUNT_MESSAGES, PASSWORD_FIELDS } from '~/contract/accounts'
import { isCiphertextFor } from '../crypto/crypto'
import { isCommonPassword } from '../crypto/passwords'
import { ApiError, fieldErrors, jsonBody } from '../http'
import { citiesOf } from '../india-places'
import { accountDeps, type ApiEnv } from '../env'

type PasswordField = (typeof PASSWORD_FIELDS)[number]

/**
 * Reads a JSON form: the password fields the call uses (and only those: each is an RSA-4096
 * private operation, done in the sign-in pool) are decrypted with the API's private key, then the
 * whole form is validated; a common password or a place that is not in the reference data is a
 * field error. A call checks its rate limits before this, on the raw fields (`rawField`), so an
 * invalid form counts too.
 */
export async function readForm<S extends z.ZodType>(c: Context<ApiEnv>, schema: S, passwords: readonly PasswordField[] = []): Promise<z.output<S>> {
	return checkForm(c, schema, await jsonBody(c), passwords)
}

/** A field as sent, whatever the body is (it is not checked yet). */
export const sentValue = (body: unknown, name: string): unknown =>
	typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined

/** A field as sent, for a rate limit's key before the form is checked: trimmed, in lower case. */
export const rawField = (body: unknown, name: string) => {
	const value = sentValue(body, name)
	return typeof value === 'string' ? value.trim().toLowerCase() : ''
}

/** The password fields in clear; null for one that is not a ciphertext of the key (told apart cheaply first). */
async function decryptPasswords(c: Context<ApiEnv>, form: Record<string, unknown>, fields: readonly PasswordField[]) {
	const { privateKey, signInPool } = accountDeps(c)
	const sent = fields.filter((field) => form[field] !== undefined)
	const readable = sent.filter((field) => isCiphertextFor(privateKey, form[field]))
	const clear =
		readable.length > 0
			? await signInPool.decrypt(
					privateKey,
					readable.map((field) => form[field] as string),
				)
			: []
	return new Map(sent.map((field) => [field, readable.includes(field) ? clear[readable.indexOf(field)]! : null]))
}

export async function checkForm<S extends z.ZodType>(
	c: Context<ApiEnv>,
	schema: S,
	body: unknown,
	passwords: readonly PasswordField[] = [],
): Promise<z.output<S>> {
	if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'The request body must be a JSON object.')
	const errors: Record<string, string[]> = {}
	const form: Record<string, unknown> = { ...body }
	for (const field of PASSWORD_FIELDS) if (!passwords.includes(field)) delete form[field]
	for (const [field, clear] of await decryptPasswords(c, form, passwords)) {
		if (clear === null) errors[field] = ['This password could not be read. Please enter it again.']
		form[field] = clear ?? ''
	}
	const result = schema.safeParse(form)
	if (!result.success) Object.assign(errors, fieldErrors(result.error), errors)
	const value = (result.success ? result.data : {}) as Record<string, unknown>
	for (const field of ['sPassword', 'sNewPassword'] as const) {
		if (typeof value[field] === 'string' && isCommonPassword(value[field])) errors[field] = [ACCOUNT_MESSAGES.commonPassword]
	}
	const state = value.oState as { sCode: string } | undefined
	const city = value.oCity as { sName: string } | undefined
	if (state && !citiesOf(state.sCode)) errors['oState.sCode'] = ['Choose a state from the list']
	else if (state && city && !citiesOf(state.sCode)!.includes(city.sName)) errors['oCity.sName'] = ['Choose a city of that state from the list']
	if (Object.keys(errors).length > 0) throw new ApiError(400, 'Please correct the highlighted fields.', errors)
	return result.data as z.output<S>
}
