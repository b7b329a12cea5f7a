import { loadConfig } from './config.js'
import { startWorker } from './modules/webhook-delivery/worker-process.js'

// Entrypoint of a separate webhook worker process: load config, start delivering, stop on a signal.
// `fanshelf serve --role worker` runs the same through startWorker.
const config = loadConfig()
const worker = await startWorker(config)
process.stdout.write(`Webhook worker ${worker.worker.workerId} started\n`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void worker.stop().then(() => process.exit(0))
  })
}
