import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run } from '../cli.js'

function capture() {
  const output = { out: '', err: '' }
  return {
    output,
    io: {
      out: (text: string) => {
        output.out += text
      },
      err: (text: string) => {
        output.err += text
      },
    },
  }
}

let dataDir: string
const savedEnv = { ...process.env }
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-cli-app-'))
  process.env.DATA_DIR = dataDir
  process.env.DATABASE_URL = ''
})
afterAll(() => {
  process.env = savedEnv
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('fanshelf app', () => {
  it('creates an app with repeated --redirect-uri and --scopes, printing its secrets once as JSON', async () => {
    const c = capture()
    const code = await run(
      [
        'app',
        'create',
        '--name',
        'Overlay Studio',
        '--redirect-uri',
        'https://overlay.example.com/cb',
        '--redirect-uri',
        'http://127.0.0.1:8765/cb',
        '--scopes',
        'order_read,webhook_write',
        '--json',
      ],
      c.io,
    )
    expect(c.output.err).toBe('')
    expect(code).toBe(0)
    const app = JSON.parse(c.output.out)
    expect(app).toMatchObject({
      clientId: expect.stringMatching(/^app_/),
      clientSecret: expect.stringMatching(/^fscs_/),
      webhookHmacKey: expect.stringMatching(/^whsec_/),
      name: 'Overlay Studio',
      redirectUris: ['https://overlay.example.com/cb', 'http://127.0.0.1:8765/cb'],
      scopes: ['order_read', 'webhook_write'],
    })

    const list = capture()
    expect(await run(['app', 'list', '--json'], list.io)).toBe(0)
    expect(JSON.parse(list.output.out)).toContainEqual(expect.objectContaining({ id: app.clientId, status: 'ACTIVE' }))
    expect(list.output.out).not.toContain(app.clientSecret)
  })

  it('suspends and resumes an app by client id', async () => {
    const created = capture()
    await run(
      ['app', 'create', '--name', 'S', '--redirect-uri', 'https://s.example/cb', '--scopes', '', '--json'],
      created.io,
    )
    const { clientId } = JSON.parse(created.output.out)
    const suspend = capture()
    expect(await run(['app', 'suspend', clientId], suspend.io)).toBe(0)
    expect(suspend.output.out).toContain('is now SUSPENDED')
    const resume = capture()
    expect(await run(['app', 'resume', clientId, '--json'], resume.io)).toBe(0)
    expect(JSON.parse(resume.output.out)).toMatchObject({ id: clientId, status: 'ACTIVE' })
    const unknown = capture()
    expect(await run(['app', 'suspend', 'app_nope'], unknown.io)).toBe(1)
    expect(unknown.output.err).toContain('No platform app has the client id app_nope')
  })

  it('marks how apps were registered; remove refuses an operator app and names the way to stop it', async () => {
    const created = capture()
    await run(
      ['app', 'create', '--name', 'R', '--redirect-uri', 'https://r.example/cb', '--scopes', '', '--json'],
      created.io,
    )
    const { clientId } = JSON.parse(created.output.out)
    const list = capture()
    expect(await run(['app', 'list'], list.io)).toBe(0)
    expect(list.output.out).toMatch(new RegExp(`${clientId}  R  \\[\\]  ACTIVE  0 shop\\(s\\) connected`))
    const dynamic = capture()
    expect(await run(['app', 'list', '--dynamic'], dynamic.io)).toBe(0)
    expect(dynamic.output.out).toBe('No MCP client registered itself.\n')
    const remove = capture()
    expect(await run(['app', 'remove', clientId], remove.io)).toBe(1)
    expect(remove.output.err).toContain(`suspend it instead (fanshelf app suspend ${clientId})`)
    const missing = capture()
    expect(await run(['app', 'remove'], missing.io)).toBe(2)
  })

  it('registers apps requiring PKCE unless --pkce optional marks one legacy; pkce switches it', async () => {
    const strict = capture()
    await run(
      ['app', 'create', '--name', 'P', '--redirect-uri', 'https://p.example/cb', '--scopes', '', '--json'],
      strict.io,
    )
    expect(JSON.parse(strict.output.out)).toMatchObject({ pkceRequired: true })
    const legacy = capture()
    expect(
      await run(
        [
          'app',
          'create',
          '--name',
          'L',
          '--redirect-uri',
          'https://l.example/cb',
          '--scopes',
          '',
          '--pkce',
          'optional',
        ],
        legacy.io,
      ),
    ).toBe(0)
    expect(legacy.output.out).toMatch(/PKCE\s+optional \(legacy app\)/)
    expect(legacy.output.out).not.toContain('code_challenge=')
    const clientId = /client_id\s+(app_\S+)/.exec(legacy.output.out)?.[1] as string
    const list = capture()
    await run(['app', 'list'], list.io)
    expect(list.output.out).toMatch(new RegExp(`${clientId} .*PKCE optional \\(legacy\\)`))
    const required = capture()
    expect(await run(['app', 'pkce', clientId, 'required', '--json'], required.io)).toBe(0)
    expect(JSON.parse(required.output.out)).toMatchObject({ id: clientId, pkceRequired: true })
    const wrong = capture()
    expect(
      await run(
        ['app', 'create', '--name', 'W', '--redirect-uri', 'https://w.example/cb', '--scopes', '', '--pkce', 'plain'],
        wrong.io,
      ),
    ).toBe(2)
    expect(wrong.output.err).toContain('--pkce is required or optional')
  })

  it('prints a readable summary with the consent URL without --json', async () => {
    const c = capture()
    expect(
      await run(['app', 'create', '--name', 'Bot', '--redirect-uri', 'https://bot.example/cb', '--scopes', ''], c.io),
    ).toBe(0)
    expect(c.output.out).toMatch(/client_secret\s+fscs_\S+\s+\(shown once\)/)
    expect(c.output.out).toContain('/admin/platform-apps/app_')
  })

  it('fails (exit 1) naming the problem for an unknown scope or a bad redirect URI', async () => {
    const c = capture()
    const code = await run(
      ['app', 'create', '--name', 'X', '--redirect-uri', 'http://x.example/cb', '--scopes', 'order_read,everything'],
      c.io,
    )
    expect(code).toBe(1)
    expect(c.output.err).toContain('everything is not a scope')
    expect(c.output.err).toContain('must use https')
  })

  it('exits 2 with the usage when a required option is missing', async () => {
    const c = capture()
    expect(await run(['app', 'create', '--name', 'X', '--scopes', 'order_read'], c.io)).toBe(2)
    expect(c.output.err).toContain('--redirect-uri is required')
    expect(c.output.err).toContain('Usage: fanshelf app create')
  })
})
