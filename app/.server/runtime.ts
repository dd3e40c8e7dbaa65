// The one place that wires the portal's configuration to the branch API (app/api/start.ts) and the
// portal's way of calling it.
import { accessSync, constants, mkdirSync } from 'node:fs'
import { startApi, type StartedApi } from '~/api/start'
import { createApiClient, httpTransport, IN_PROCESS_API_BASE, type ApiClient } from './api-client'
import { ConfigError, getConfig, type Config } from './config'
import { logger } from './logger'

/** `api` is the started API; `database` is its database, which also holds the portal's sessions. */
export type Runtime = { config: Config; database: StartedApi['database']; api: StartedApi; callApi: ApiClient; contentVersion: () => number }

// Kept on globalThis, not in this module: in development Vite may evaluate this module again,
// and a second PGlite on the same directory in one process would corrupt it.
const processWide = globalThis as typeof globalThis & { __portalRuntime?: Promise<Runtime>; __portalJobs?: StartedApi['jobs'] }

/** Lets running jobs finish (10 s at most) before the process ends. */
export async function stopJobs() {
	await processWide.__portalJobs?.stop()
}

/** Opens and migrates the database and seeds an empty one (for the built-in API), once per process. */
export function getRuntime(): Promise<Runtime> {
	processWide.__portalRuntime ??= createRuntime(getConfig())
	return processWide.__portalRuntime
}

/** Nightly backups that could never be written stop the start, as any bad setting does. */
function checkBackupDir({ dir, nightly }: Config['backups']) {
	if (!nightly) return
	try {
		mkdirSync(dir, { recursive: true, mode: 0o700 })
		accessSync(dir, constants.W_OK)
	} catch (error) {
		throw new ConfigError(`Invalid configuration:\n  BACKUP_DIR: ${dir} cannot be written to (${(error as NodeJS.ErrnoException).code})`)
	}
}

async function createRuntime(config: Config): Promise<Runtime> {
	if (!config.apiBaseUrl) checkBackupDir(config.backups)
	const api = await startApi({ ...config, ownsData: !config.apiBaseUrl }, logger)
	processWide.__portalJobs = api.jobs
	const callApi = config.apiBaseUrl
		? createApiClient(httpTransport(config.apiTimeoutMs), config.apiBaseUrl)
		: createApiClient((request, clientAddress) => api.app.fetch(request, { clientAddress }), IN_PROCESS_API_BASE, {
				contentVersion: async () => api.contentVersion(),
			})
	logger.info({ database: api.database.kind, dataDir: config.dataDir }, 'Database ready')
	// `kill -USR2 <pid>` asks for a backup now (npm run backup cannot open PGlite while the portal runs).
	process.on('SIGUSR2', () => {
		if (!processWide.__portalJobs) return logger.warn('This portal fronts an external API (API_BASE_URL): its data, and so its backups, are that API’s.')
		logger.info({ dir: config.backups.dir }, 'Backup asked for (SIGUSR2)')
		processWide.__portalJobs.backupNow().catch((error: unknown) => logger.error({ err: error }, 'Backup could not be queued'))
	})
	return { config, database: api.database, api, callApi, contentVersion: api.contentVersion }
}
