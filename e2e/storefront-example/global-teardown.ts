import { existsSync, readFileSync } from 'node:fs'
import { pidFile, stop } from './servers.ts'

export default async function globalTeardown(): Promise<void> {
  if (!existsSync(pidFile)) return
  for (const pid of JSON.parse(readFileSync(pidFile, 'utf8')) as number[]) stop(pid)
}
