// What the container tests share: podman as this machine needs it, the stand-in base image, the
// portal's image, a live portal.env, and a member made through the API (OTP read from the SMTP sink).
import { execFile, execFileSync } from 'node:child_process'
import { generateKeyPairSync, randomBytes, randomInt } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { otpOf } from '../../scripts/smtp-sink.mjs'
import { withModule } from '../../scripts/vite-loader.mjs'

export const ROOT = path.resolve(import.meta.dirname, '../..')
const execFileAsync = promisify(execFile)

// crun fails here on the cgroup set-up, and a container may not ask for more than the host allows.
export const RUN_OPTIONS = ['--runtime', 'runc', '--ulimit', 'nofile=10000:10000', '--ulimit', 'nproc=4000:4000']

/** Runs podman; answers its standard output, or throws with its error output. */
export async function podman(args, { allowFailure = false } = {}) {
	try {
		const { stdout } = await execFileAsync('podman', args, { maxBuffer: 64 * 1024 * 1024 })
		return stdout.trim()
	} catch (error) {
		if (allowFailure) return { code: error.code, output: `${error.stdout}${error.stderr}` }
		throw new Error(`podman ${args.join(' ')} failed (${error.code}):\n${error.stderr || error.stdout}`)
	}
}

/** A container's last lines of output, for a failure's message. */
export async function logsOf(container, lines = 30) {
	const log = await podman(['logs', '--tail', String(lines), container], { allowFailure: true })
	return typeof log === 'string' ? log : log.output
}

export const hasPodman = () => {
	try {
		execFileSync('podman', ['--version'], { stdio: 'ignore' })
		return true
	} catch {
		return false
	}
}

/** Prints each step with how long it took; the first failure ends the run. */
export async function step(title, work) {
	const started = performance.now()
	process.stdout.write(`▶ ${title}\n`)
	const result = await work()
	console.log(`  ✔ ${title} (${((performance.now() - started) / 1000).toFixed(1)} s)`)
	return result
}

/** The stand-in for the official Node image, built once per machine (tests/container/stand-in-base.sh). */
export const standInBase = () =>
	execFileSync(path.join(ROOT, 'tests/container/stand-in-base.sh'), { stdio: ['ignore', 'pipe', 'inherit'] })
		.toString()
		.trim()
		.split('\n')
		.at(-1)

const packageVersion = () => JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version
const revision = () => {
	try {
		return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT }).toString().trim()
	} catch {
		return 'unknown'
	}
}

/** Builds the portal's image from the Dockerfile on `base`; `--format docker` keeps the HEALTHCHECK. */
export async function buildImage(tag, base) {
	await podman([
		'build',
		'--runtime',
		'runc',
		'--format',
		'docker',
		'--network=host',
		...RUN_OPTIONS.slice(2),
		'--build-arg',
		`NODE_IMAGE=${base}`,
		'--build-arg',
		`VERSION=${packageVersion()}`,
		'--build-arg',
		`REVISION=${revision()}`,
		'--build-arg',
		'SOURCE=https://example.org/branch-portal.git',
		'--tag',
		tag,
		ROOT,
	])
	return tag
}

/** The branch's particulars a live start requires (the tests' fictional branch). */
const BRANCH = {
	BRANCH_NAME: 'Sahyadri Regional Branch',
	BRANCH_ADDRESS: "3rd Floor, Accountants' Bhavan, 14 Tilak Road, Sadashiv Peth, Pune 411030, Maharashtra",
	BRANCH_PHONE: '+91 20 2445 1200',
	BRANCH_EMAIL: 'office@sahyadri-branch.example.org',
	BRANCH_GSTIN: '27AAATS4821K1ZB',
	BRANCH_STATE: 'MH',
	INVOICE_PREFIX: 'SRB',
}

/** A portal.env as docs/container.md shows it: every line a live start requires; the key's line breaks as \n. */
export function writeEnvFile(file, { smtpUrl, publicUrl = 'https://portal.sahyadri-branch.example.org', extra = {}, without = [] }) {
	const { privateKey } = generateKeyPairSync('rsa', {
		modulusLength: 4096,
		privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
		publicKeyEncoding: { type: 'spki', format: 'pem' },
	})
	const env = {
		SESSION_SECRET: randomBytes(36).toString('base64'),
		RSA_PRIVATE_KEY: privateKey.trim().replaceAll('\n', '\\n'),
		PUBLIC_URL: publicUrl,
		SMTP_URL: smtpUrl,
		...BRANCH,
		...extra,
	}
	for (const name of without) delete env[name]
	writeFileSync(
		file,
		Object.entries(env)
			.map(([name, value]) => `${name}=${value}`)
			.join('\n') + '\n',
		{ mode: 0o600 },
	)
	return file
}

/** Runs the image's own HEALTHCHECK until it says healthy (no systemd here to run it on its interval). */
export async function waitHealthy(container, timeoutMs = 120_000) {
	const until = Date.now() + timeoutMs
	for (;;) {
		const answer = await podman(['healthcheck', 'run', container], { allowFailure: true })
		if (typeof answer === 'string') break
		if (Date.now() > until) throw new Error(`${container} did not turn healthy:\n${await logsOf(container)}`)
		// Exited for good (no restart policy to start it again): its log says why.
		const [state, restart] = (await podman(['inspect', '--format', '{{.State.Status}} {{.HostConfig.RestartPolicy.Name}}', container])).split(' ')
		if (state === 'exited' && ['', 'no'].includes(restart ?? '')) throw new Error(`${container} exited:\n${await logsOf(container)}`)
		await new Promise((resolve) => setTimeout(resolve, 1000))
	}
	const status = await podman(['inspect', '--format', '{{.State.Health.Status}}', container])
	if (status !== 'healthy') throw new Error(`${container}'s health is ${status}`)
}

/** The host port podman published the container's port 3000 on. */
export const publishedUrl = async (container, port = 3000) => `http://${(await podman(['port', container, `${port}/tcp`])).split('\n')[0]}`

let encryptPasswords
/** The password fields encrypted with the portal's public key, as the portal's pages do (decision 0007). */
async function encrypted(baseUrl, form, fetcher) {
	encryptPasswords ??= await withModule('/app/.server/password-encryption.ts', (module) => module.encryptPasswords)
	const { data } = await (await fetcher(`${baseUrl}/api/auth/public-key/v1`)).json()
	return encryptPasswords(data.sPublicKey, form)
}

async function postJson(fetcher, url, body, headers = {}) {
	const response = await fetcher(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
	return { status: response.status, text: await response.text(), headers: response.headers }
}

/**
 * Registers a member through the API, as a person does: OTP mailed to the sink, then the registration.
 * `fetcher`: fetch, or one that trusts a test's own certificate (httpsFetch).
 */
export async function registerMember(baseUrl, sink, fetcher = fetch) {
	const id = `${Date.now().toString(36)}${randomInt(1e6).toString(36)}`
	const member = {
		number: String(randomInt(700_000, 800_000)),
		dob: '1990-03-14',
		email: `member-${id}@container.example.org`,
		password: `container secret ${id}`,
	}
	const form = {
		sUserType: 'M',
		sFullName: `Container Member ${id}`,
		sEmail: member.email,
		sMobileNumber: '9876501234',
		sDob: member.dob,
		oState: { sCode: 'MH' },
		oCity: { sName: 'Pune' },
		sMembershipNumber: member.number,
		sFirmCompanyName: 'Container & Co',
		bIsGSTNumberAvailable: false,
		bIsGetUpdateOnEmail: false,
		bIsGetUpdateOnWhatsapp: false,
		sPassword: member.password,
		sConfirmPassword: member.password,
	}
	const sent = await postJson(fetcher, `${baseUrl}/api/auth/member/send-otp/v1`, await encrypted(baseUrl, { ...form, sPurpose: 'registration' }, fetcher), {
		UserType: 'M',
	})
	if (sent.status !== 200) throw new Error(`send-otp answered ${sent.status}: ${sent.text}`)
	let nOtp = NaN
	for (const until = Date.now() + 30_000; Number.isNaN(nOtp) && Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 250)))
		nOtp = otpOf(sink.for(member.email).at(-1))
	if (Number.isNaN(nOtp)) throw new Error(`no OTP mail reached the sink for ${member.email}`)
	const registered = await postJson(fetcher, `${baseUrl}/api/auth/member/register/v1`, await encrypted(baseUrl, { ...form, nOtp }, fetcher), { UserType: 'M' })
	if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.text}`)
	return member
}

/** Signs the member in through the API; answers the HTTP status (200 when the account is there). */
export async function memberSignIn(baseUrl, member) {
	const answer = await postJson(
		fetch,
		`${baseUrl}/api/auth/member/login/v1`,
		await encrypted(baseUrl, { sMembershipNumber: member.number, sDob: member.dob, sPassword: member.password }, fetch),
	)
	return answer.status
}
