import { writeFileSync } from 'node:fs'
import { buildStorefront, pidFile, startApi, startStorefront, stop } from './servers.ts'

export default async function globalSetup(): Promise<void> {
  const api = await startApi()
  try {
    buildStorefront()
    const storefront = await startStorefront()
    writeFileSync(pidFile, JSON.stringify([api.pid, storefront.pid]))
  } catch (error) {
    stop(api.pid)
    throw error
  }
}
