import { createContext } from 'react-router'

/** Per-request values the server sets before React Router runs (server/app.ts). */
export type RequestInfo = {
	nonce: string
	saveData: boolean
	/** An anonymous visitor's public page: it ships the island script instead of React (decision 0032). */
	island: boolean
	/** The visitor's address (behind trusted proxies), for per-client rate limits. */
	clientAddress: string
}
export const requestInfoContext = createContext<RequestInfo>()
