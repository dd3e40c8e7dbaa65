import { createContext } from 'react-router'

/** Per-request values the server sets before React Router runs (server/app.ts). */
export type RequestInfo = {
	nonce: string
	saveData: boolean
	/** The visitor's address (behind trusted proxies), for per-client rate limits. */
	clientAddress: string
}
export const requestInfoContext = createContext<RequestInfo>()
