// PGlite parses and plans every parameterised query afresh, in six calls into PostgreSQL. The
// portal sends the same few hundred texts again and again (drizzle builds one text per query shape),
// so this client prepares each text once as a named statement and afterwards only binds and runs
// it, in one call: the token check takes a seventh of the time. PostgreSQL's own client
// (postgres.js) already prepares statements this way.
import { messages, parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite'

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number]

type Statement = { name: string; parameterTypes: number[]; fields: { name: string; dataTypeID: number }[] }

/**
 * Each statement keeps its plan in PGlite's memory, which is never given back: about 70 KB for the
 * ledger's query. A hundred hold every shape a page view or a sign-in uses; past that the least
 * recently used is closed, and a rarely used office query is prepared again when next needed.
 */
export const MOST_PREPARED_STATEMENTS = 100

/** Only plain reads and writes are worth keeping; schema changes and the like run once. */
const PREPARABLE = /^[\s(]*(select|insert|update|delete|with)\b/i

/** The options drizzle passes; anything else (a blob, custom serializers) goes the ordinary way. */
const HANDLED_OPTIONS = new Set(['rowMode', 'parsers'])

/** PostgreSQL's codes for a statement that no longer fits the schema or no longer exists: prepare it again. */
const STALE_STATEMENT_CODES = new Set(['0A000', '26000'])

const { serialize } = protocol

/** Statement names are unique in the process, so two clients on one PGlite never take the other's. */
let named = 0

/** The commands whose tag's count is of rows changed. */
const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'])

function concat(messages: Uint8Array[]) {
	const out = new Uint8Array(messages.reduce((length, message) => length + message.length, 0))
	let offset = 0
	for (const message of messages) {
		out.set(message, offset)
		offset += message.length
	}
	return out
}

/** What drizzle needs of a PGlite client (`query`, `transaction`), with `query` on prepared statements. */
export function preparingClient(pg: PGlite, { most = MOST_PREPARED_STATEMENTS } = {}) {
	const statements = new Map<string, Statement>()
	/** Statements evicted from the map, closed with the next message sent. */
	let toClose: string[] = []

	const send = (messages: Uint8Array[]) => pg.execProtocolStream(concat(messages), { syncToFs: false })

	async function prepare(text: string) {
		const name = `portal_${++named}`
		const closing = toClose.map((old) => serialize.close({ type: 'S', name: old }))
		toClose = []
		const answer = await send([...closing, serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()])
		const statement: Statement = {
			name,
			parameterTypes: parse.parseDescribeStatementResults(answer),
			fields: answer.flatMap((message) =>
				message instanceof messages.RowDescriptionMessage ? message.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })) : [],
			),
		}
		statements.set(text, statement)
		if (statements.size > most) {
			const [oldest, { name: oldestName }] = statements.entries().next().value!
			toClose.push(oldestName)
			statements.delete(oldest)
		}
		return statement
	}

	async function run(statement: Statement, params: unknown[], options: QueryOptions | undefined) {
		const values = params.map((param, i) => {
			if (param === null || param === undefined) return null
			const serializer = pg.serializers[statement.parameterTypes[i] ?? 0]
			return serializer ? serializer(param) : String(param)
		})
		const answer = await send([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()])
		return resultOf(statement, answer, options)
	}

	/**
	 * PGlite's own parseResults, for the one result of a statement. It merges the caller's parsers
	 * into PGlite's (a few hundred, one per array type) on every call; this looks up each column's once.
	 */
	function resultOf({ fields }: Statement, answer: BackendMessage[], options: QueryOptions | undefined): Results {
		const parsers = fields.map(({ dataTypeID }) => options?.parsers?.[dataTypeID] ?? pg.parsers[dataTypeID])
		const parseField = (value: string | null, i: number) => (value === null ? null : parsers[i] ? parsers[i](value, fields[i]!.dataTypeID) : value)
		const rows: Results['rows'] = []
		const result: Results = { rows, fields: [...fields], affectedRows: 0 }
		for (const message of answer) {
			if (message instanceof messages.DataRowMessage) {
				const values = message.fields.map(parseField)
				rows.push(options?.rowMode === 'array' ? values : Object.fromEntries(fields.map((field, i) => [field.name, values[i]])))
			} else if (message instanceof messages.CommandCompleteMessage) {
				// A tag that counts rows ends in the count: "SELECT 2", "UPDATE 3", "INSERT 0 5".
				const words = message.text.split(' ')
				const count = Number.parseInt(words.at(-1)!, 10)
				Object.assign(result, { command: words[0], ...(Number.isNaN(count) ? {} : { rowCount: count }) })
				if (COUNTED_COMMANDS.has(words[0]!)) result.affectedRows = count
			}
		}
		return result
	}

	async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
		const ordinary = !PREPARABLE.test(text) || Object.keys(options ?? {}).some((key) => !HANDLED_OPTIONS.has(key))
		if (ordinary) return pg.query<T>(text, params, options)
		await pg._checkReady()
		// The same locks as PGlite's own query: never inside another caller's transaction.
		return pg._runExclusiveTransaction(() =>
			pg._runExclusiveQuery(async () => {
				let statement = statements.get(text)
				if (statement) {
					// Most recently used last, so eviction takes the one unused longest.
					statements.delete(text)
					statements.set(text, statement)
				} else statement = await prepare(text)
				let result
				try {
					result = await run(statement, params, options)
				} catch (error) {
					if (!STALE_STATEMENT_CODES.has((error as { code?: string }).code ?? '')) throw error
					statements.delete(text)
					toClose.push(statement.name)
					result = await run(await prepare(text), params, options)
				}
				if (!pg.isInTransaction()) await pg.syncToFs()
				return result as Results<T>
			}),
		)
	}

	return {
		query,
		transaction: pg.transaction.bind(pg),
		/** How many texts are prepared now; for tests. */
		get preparedCount() {
			return statements.size
		},
	}
}
