import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { recordRunningServer } from '@fanshelf/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run } from '../cli.js'
import { captureIo as capture } from '../testing/capture-io.js'

/**
 * `fanshelf listen`'s usage and failures before it listens. Its deliveries, forwarding and the
 * removal of its configuration run against the real app in trigger.test.ts.
 */

const savedEnv = { ...process.env }
let dataDir: string
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-listen-'))
  process.env.DATA_DIR = dataDir
  process.env.DATABASE_URL = ''
})
afterAll(() => {
  process.env = savedEnv
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('fanshelf listen', () => {
  it('is listed in the help and explains itself', async () => {
    const help = capture()
    expect(await run(['--help'], help.io)).toBe(0)
    expect(help.out).toContain('listen')
    expect(help.out).toContain('trigger')
    const usage = capture()
    expect(await run(['listen', '--help'], usage.io)).toBe(0)
    expect(usage.out).toContain('Usage: fanshelf listen --forward-to <url> [--events A,B,…] [--server <url>]')
  })

  it.each([
    [['listen'], '--forward-to is required'],
    [['listen', '--forward-to', 'not a url'], '--forward-to must be an absolute http(s) URL'],
    [['listen', '--forward-to', 'ftp://127.0.0.1/x'], '--forward-to must be an http(s) URL'],
    [['listen', '--forward-to', 'http://127.0.0.1/x', '--events', 'ORDER_PLACED,NOPE'], 'unknown event type NOPE'],
    [['listen', '--forward-to', 'http://127.0.0.1/x', '--events', ' , '], '--events lists no event type'],
    [['listen', '--forward-to', 'http://127.0.0.1/x', '--username', 'u'], '--username and --password go together'],
    [['listen', '--forward-to', 'http://127.0.0.1/x', 'extra'], 'unexpected argument "extra"'],
    [['listen', '--forward-to', 'http://127.0.0.1/x', '--bogus'], 'Unknown option'],
  ])('exits 2 with the usage for %j', async (args, message) => {
    const c = capture()
    expect(await run(args, c.io)).toBe(2)
    expect(c.err).toContain(message)
    expect(c.err).toContain('Usage: fanshelf listen')
  })

  it('exits 1 telling how to get credentials when there are none', async () => {
    const c = capture()
    expect(await run(['listen', '--forward-to', 'http://127.0.0.1/x'], c.io)).toBe(1)
    expect(c.err).toContain('no demo credentials')
    expect(c.err).toContain('--username and --password')
  })

  it('exits 1 naming the server it cannot reach', async () => {
    const c = capture()
    const args = ['listen', '--forward-to', 'http://127.0.0.1/x', '--server', 'http://127.0.0.1:9/']
    expect(await run([...args, '--username', 'api_x', '--password', 'secret'], c.io)).toBe(1)
    expect(c.err).toContain('Cannot reach the Fanshelf server at http://127.0.0.1:9/')
  })

  it('talks to the server running on DATA_DIR without being told its port', async () => {
    // What `PORT=9 npm start` records once it listens (nothing listens on port 9 here).
    recordRunningServer(dataDir, { publicUrl: 'http://127.0.0.1:9' })
    try {
      const c = capture()
      const args = ['listen', '--forward-to', 'http://127.0.0.1/x', '--username', 'api_x', '--password', 'secret']
      expect(await run(args, c.io)).toBe(1)
      expect(c.err).toContain('Cannot reach the Fanshelf server at http://127.0.0.1:9/')
    } finally {
      fs.rmSync(path.join(dataDir, 'server.json'))
    }
  })
})
