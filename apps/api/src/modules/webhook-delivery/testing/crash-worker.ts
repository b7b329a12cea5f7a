import { loadConfig } from '../../../config.js'
import { startWorker } from '../worker-process.js'

// A worker process for the crash test: the production start path (worker-process.ts) with a lease
// as short as allowed (two attempts), so deliveries held by a killed worker come back within 16 s.
const worker = await startWorker(loadConfig(), { leaseMs: 16_000, idlePollMs: 20 })
process.stdout.write(`ready ${worker.worker.workerId}\n`)
process.once('SIGTERM', () => {
  void worker.stop().then(() => process.exit(0))
})
