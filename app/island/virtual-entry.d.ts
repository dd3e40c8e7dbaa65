/** The island script's address: built by vite-island-entry.ts, read by the server. */
declare module 'virtual:island-entry' {
	const url: string
	export default url
}
