// Worker threads of the server (the sign-in pool's app/api/crypto/sign-in-worker.mjs) run from a
// file of their own, named in the source as `new URL('./x.mjs', import.meta.url)`. Vite copies such
// files only for the browser; this does it for the server build: the file is emitted beside the
// build and the URL points at that copy, wherever the chunk that names it ends up.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

// esbuild has already turned the source's quotes into double ones by the time this sees it.
const FILE_URL = /new URL\(["'](\.\/[\w-]+\.mjs)["'], import\.meta\.url\)/

export function serverFiles(): Plugin {
	return {
		name: 'server-files',
		apply: 'build',
		applyToEnvironment: (environment) => environment.name === 'ssr',
		transform: {
			filter: { code: FILE_URL },
			handler(code, id) {
				return code.replace(new RegExp(FILE_URL, 'g'), (_match, relative: string) => {
					const file = path.resolve(path.dirname(id), relative)
					const reference = this.emitFile({ type: 'asset', fileName: path.basename(file), source: readFileSync(file) })
					return `new URL(import.meta.ROLLUP_FILE_URL_${reference})`
				})
			},
		},
	}
}
