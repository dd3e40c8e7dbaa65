// What `import … from 'zod'` loads (vite.config.ts aliases it here). In the browser zod runs
// jitless: the pages' Content-Security-Policy allows no eval, so zod's compiled fast path could
// never run there anyway, but without `jitless` zod probes for it with `new Function('')` when the
// first object schema is made, and the browser reports that probe as a CSP violation on every page.
// This module's body runs before that of any module importing 'zod', so the probe never happens.
// The server keeps zod's fast path.
import { z } from 'zod/v4'

if (typeof document !== 'undefined') z.config({ jitless: true })

export * from 'zod/v4'
export { z as default } from 'zod/v4'
