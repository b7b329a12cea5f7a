import { readFileSync } from 'node:fs'
import path from 'node:path'
import { dataDir, stopServer } from './server.ts'

export default async function globalTeardown(): Promise<void> {
  stopServer(Number(readFileSync(path.join(dataDir, 'server.pid'), 'utf8')))
}
