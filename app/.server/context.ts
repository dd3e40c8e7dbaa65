import { createContext } from 'react-router'

/** Per-request values the server sets before React Router runs (server/app.ts). */
export type RequestInfo = { nonce: string; saveData: boolean }
export const requestInfoContext = createContext<RequestInfo>()
