// Every test file runs with its own throw-away DATA_DIR, so modules that read the configuration
// (sessions, the runtime) never touch ./data.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'portal-test-'))
process.env.LOG_LEVEL ??= 'silent'
process.env.NODE_ENV = 'test'
