// What the log keeps of errors and e-mail addresses. A failed query's error carries its bound
// values (a session token, a password hash, an e-mail address) in its message, its stack and its
// cause: the log gets the query's text and the database's error code, never the values. An address
// (a recipient, or one a mail server's refusal quotes) shows only its first character and domain.
import pino from 'pino'

const EMAIL_ADDRESS = /([^\s<>()[\]"',;:@]?)[^\s<>()[\]"',;:@]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g

/** Every e-mail address in `text` as `a***@example.org`: enough to tell mails apart, not to know who. */
export const maskEmails = (text: string) => text.replace(EMAIL_ADDRESS, (_address, first: string, domain: string) => `${first}***@${domain}`)

const withheld = (text: string | undefined) =>
	text === undefined ? undefined : maskEmails(text.replace(/\nparams:[\s\S]*?(?=\n\s+at |$)/g, '\nparams: (withheld)'))

type Serialized = { type?: string; message?: string; stack?: string; code?: string; query?: string; cause?: unknown }

export function loggableError(error: unknown): Record<string, unknown> {
	const err = pino.stdSerializers.err(error as Error) as Serialized
	const cause = (error as { cause?: { message?: string; code?: string } } | undefined)?.cause
	return {
		type: err.type,
		message: withheld(err.message),
		stack: withheld(err.stack),
		...(typeof err.code === 'string' ? { code: err.code } : {}),
		...(typeof err.query === 'string' ? { query: err.query } : {}),
		...(cause && typeof cause === 'object' ? { cause: { message: withheld(cause.message), code: cause.code } } : {}),
	}
}

/** pino's serializers for `err`: every logger of the portal and the API uses them. */
export const errorSerializers = { err: loggableError }
