import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildAdmin } from '../admin/world.ts'
import { createDatabase, install, onPostgres, startServer } from './server.ts'

/**
 * Builds the admin SPA (ADMIN_SKIP_BUILD=1 reuses apps/admin/dist), makes a temporary work directory
 * (and, on PostgreSQL, an empty database of its own), and starts the operator's server on it with
 * SEED_DEMO=false. The workers find it through ONBOARDING_* variables.
 */
export default async function globalSetup(): Promise<void> {
  buildAdmin()
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-onboarding-e2e-'))
  process.env.ONBOARDING_WORK_DIR = workDir
  if (onPostgres) {
    const name = `fanshelf_onboarding_${randomBytes(4).toString('hex')}`
    process.env.ONBOARDING_DATABASE_URL = await createDatabase(name)
  }
  const target = install()
  fs.mkdirSync(target.siteDir, { recursive: true })
  fs.writeFileSync(path.join(target.siteDir, 'index.html'), '<!doctype html><title>Fanshelf</title>')
  const child = await startServer(target, { keepDataDir: false })
  child.unref()
}
