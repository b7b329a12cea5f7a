import { writeFileSync } from 'node:fs'
import { pidFile, startServer } from './server.ts'

export default async function globalSetup(): Promise<void> {
  const child = await startServer()
  writeFileSync(pidFile, String(child.pid))
}
