import fs from 'node:fs'
import { dropDatabase, install, stopRecordedServer } from './server.ts'

/** Stops whichever server the suite left running, drops its database and removes its directory. */
export default async function globalTeardown(): Promise<void> {
  if (!process.env.ONBOARDING_WORK_DIR) return
  const target = install()
  await stopRecordedServer(target)
  if (target.databaseUrl) await dropDatabase(new URL(target.databaseUrl).pathname.slice(1))
  if (process.env.ONBOARDING_KEEP !== '1') fs.rmSync(target.workDir, { recursive: true, force: true })
}
