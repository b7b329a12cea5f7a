import fs from 'node:fs'
import path from 'node:path'

/** Stops the suite's server (its process group) and removes its data directory. */
export default async function globalTeardown(): Promise<void> {
  const dataDir = process.env.ADMIN_E2E_DATA_DIR
  if (!dataDir) return
  const pidFile = path.join(dataDir, 'server.pid')
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8'))
    try {
      process.kill(-pid, 'SIGTERM')
    } catch {
      // already gone
    }
    const deadline = Date.now() + 10_000
    while (Date.now() < deadline) {
      try {
        process.kill(pid, 0)
        await new Promise((resolve) => setTimeout(resolve, 100))
      } catch {
        break
      }
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true })
}
