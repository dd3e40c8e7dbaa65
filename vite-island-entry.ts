// Builds the island script (app/island/main.ts) as an entry of its own in the client build, beside
// React Router's, and lets the server name its file: `import url from 'virtual:island-entry'`.
// In development the Vite server serves the source at its path.
import type { Plugin, ResolvedConfig } from 'vite'

const VIRTUAL_ID = 'virtual:island-entry'
const RESOLVED_ID = `\0${VIRTUAL_ID}`

export function islandEntry(source: string): Plugin {
	let config: ResolvedConfig
	let reference: string | undefined
	/** The built file, known once the client build has written it (React Router builds the client before the server). */
	let builtFile: string | undefined
	return {
		name: 'island-entry',
		configResolved(resolved) {
			config = resolved
		},
		buildStart() {
			if (config.command === 'build' && this.environment.name === 'client') reference = this.emitFile({ type: 'chunk', id: source, name: 'island' })
		},
		generateBundle() {
			if (reference && this.environment.name === 'client') builtFile = this.getFileName(reference)
		},
		resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
		load(id) {
			if (id !== RESOLVED_ID) return
			if (config.command === 'serve') return `export default ${JSON.stringify(`/${source.replace(/^\.\//, '')}`)}`
			if (!builtFile) throw new Error(`${VIRTUAL_ID} is read before the client build wrote the island script`)
			return `export default ${JSON.stringify(`${config.base}${builtFile}`)}`
		},
	}
}
