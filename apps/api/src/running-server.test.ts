import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parseConfig } from './config.js'
import { readRunningServer, recordRunningServer, runningServerFile, runningServerOrigin } from './running-server.js'

describe('the running server’s origin (DATA_DIR/server.json)', () => {
  const dirs: string[] = []
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-running-'))
    dirs.push(dir)
    return dir
  }
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('is what the server recorded, whatever the environment of the tool reading it says', () => {
    const dir = dataDir()
    recordRunningServer(dir, { publicUrl: 'http://127.0.0.1:4100' })
    // A second terminal without PORT: its own configuration would answer the default origin.
    const tool = parseConfig({ DATA_DIR: dir })
    expect(tool.publicUrl).not.toBe('http://127.0.0.1:4100')
    expect(runningServerOrigin(tool)).toBe('http://127.0.0.1:4100')
  })

  it('is the configuration’s public URL when no server started on the data directory', () => {
    const config = parseConfig({ DATA_DIR: dataDir(), PORT: '4200' })
    expect(readRunningServer(config.dataDir)).toBeUndefined()
    expect(runningServerOrigin(config)).toBe(config.publicUrl)
  })

  it('ignores a file that is not a record of ours', () => {
    const dir = dataDir()
    fs.writeFileSync(path.join(dir, runningServerFile), '{"publicUrl": "not a url"}')
    expect(readRunningServer(dir)).toBeUndefined()
    fs.writeFileSync(path.join(dir, runningServerFile), 'garbage')
    expect(readRunningServer(dir)).toBeUndefined()
  })
})
