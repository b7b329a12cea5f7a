import { readPid, stopServer } from './server.ts'

export default async function globalTeardown(): Promise<void> {
  stopServer(readPid())
}
