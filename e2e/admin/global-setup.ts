import fs from 'node:fs'
import path from 'node:path'
import { buildAdmin, startAdminServer } from './world.ts'

/** Builds the admin SPA, starts one server for the suite and tells the workers where it is. */
export default async function globalSetup(): Promise<void> {
  buildAdmin()
  const { origin, dataDir, child } = await startAdminServer()
  process.env.ADMIN_E2E_ORIGIN = origin
  process.env.ADMIN_E2E_DATA_DIR = dataDir
  fs.writeFileSync(path.join(dataDir, 'server.pid'), String(child.pid))
  child.unref()
}
