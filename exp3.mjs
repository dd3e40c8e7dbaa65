import { PGlite } from '@electric-sql/pglite'
const rss = () => Math.round(process.memoryUsage().rss / 1e6)
const main = await PGlite.create('/tmp/bkdemo/data/db-copy')
console.log('main open', rss())
const dump = await main.dumpDataDir('none')
console.log('dumped', dump.size, rss())
for (let i = 0; i < 3; i++) {
  const t = await PGlite.create({ loadDataDir: dump, startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'] })
  await t.query('select count(*) from media_files')
  console.log('scratch open', rss())
  await t.close()
  globalThis.gc?.(); await new Promise(r => setTimeout(r, 500)); globalThis.gc?.()
  console.log('scratch closed', rss())
}
