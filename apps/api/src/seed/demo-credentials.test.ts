import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { demoCredentialsFile, formatDemoBanner, readDemoCredentials, writeDemoCredentials } from './demo-credentials.js'
import type { DemoCredentials } from './demo-seed.js'

const credentials: DemoCredentials = {
  generatedAt: '2026-11-21T10:00:00.000Z',
  shops: [
    {
      id: 'sh_6cb6c141-c8a0-4b40-a3b8-4208b3b2dead',
      name: 'Pixel Pines Merch',
      domain: 'pixel-pines.fanshelf.shop',
      apiUser: { username: 'pixel-pines-api-8rwpjd', password: 'LCAcvCs3ZBFmZGk3Sp7ryUkOXSbwHlKw' },
      storefrontToken: 'ptkn_YUEFZVrN5WJM27GpSCwK_e-5nevrNwon',
      admins: [
        { email: 'owner@pixel-pines.test', password: 'BtzAKGQU_U4Fzb1NumcMrfgYdvORzlgk', role: 'SUPER_ADMIN' },
        { email: 'staff@pixel-pines.test', password: 'H-krOF4zsrrb0rwyea1dNNabcdefghij', role: 'STAFF' },
      ],
      platformApp: {
        name: 'Fanshelf demo app',
        clientId: 'app_3kQ9xV2mB7nL1pZ4',
        clientSecret: 'fscs_Wq4rT8yU2iO6pA0sD3fG7hJ1kL5zX9cV2bN6mQ8wE4r0a1B2c3',
        redirectUri: 'http://127.0.0.1:4100/',
        scopes: ['order_read', 'webhook_read'],
      },
    },
    {
      id: 'sh_d79f1b9b-b1d3-4b82-b06d-2f96fc15bd3f',
      name: 'Northwind Knits',
      domain: 'northwind-knits.fanshelf.shop',
      apiUser: { username: 'northwind-knits-api-k2m9pq', password: 'x'.repeat(32) },
      storefrontToken: `ptkn_${'y'.repeat(32)}`,
      admins: [],
    },
  ],
}

const dirs: string[] = []
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-creds-'))
  dirs.push(dir)
  return dir
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe('demo credentials file', () => {
  it('writes DATA_DIR/demo-credentials.json readable by the owner only, and reads it back', () => {
    const dir = path.join(tempDir(), 'nested', 'data')
    const file = writeDemoCredentials(dir, credentials)
    expect(file).toBe(path.join(dir, demoCredentialsFile))
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(readDemoCredentials(dir)).toEqual(credentials)
  })

  it('tightens the mode of an existing file when it rewrites it', () => {
    const dir = tempDir()
    fs.writeFileSync(path.join(dir, demoCredentialsFile), '{}', { mode: 0o644 })
    writeDemoCredentials(dir, credentials)
    expect(fs.statSync(path.join(dir, demoCredentialsFile)).mode & 0o777).toBe(0o600)
  })

  it('reads nothing when the file is missing or not credentials', () => {
    const dir = tempDir()
    expect(readDemoCredentials(dir)).toBeUndefined()
    fs.writeFileSync(path.join(dir, demoCredentialsFile), 'not json')
    expect(readDemoCredentials(dir)).toBeUndefined()
    fs.writeFileSync(path.join(dir, demoCredentialsFile), JSON.stringify({ shops: 'nope' }))
    expect(readDemoCredentials(dir)).toBeUndefined()
    // A demo app without its secret is not the seed's record.
    const broken = structuredClone(credentials) as unknown as { shops: { platformApp?: Record<string, unknown> }[] }
    delete broken.shops[0]!.platformApp!.clientSecret
    fs.writeFileSync(path.join(dir, demoCredentialsFile), JSON.stringify(broken))
    expect(readDemoCredentials(dir)).toBeUndefined()
  })

  it('reads a file written before the demo platform app existed (a seed without one)', () => {
    const dir = tempDir()
    const older = structuredClone(credentials)
    delete older.shops[0]!.platformApp
    writeDemoCredentials(dir, older)
    expect(readDemoCredentials(dir)).toEqual(older)
  })
})

describe('formatDemoBanner', () => {
  /** A server on a non-default port: the banner names the origin it is given, nothing else. */
  const origin = 'http://127.0.0.1:4100'

  it('prints the demo shop’s credentials with a curl command ready to paste', () => {
    const banner = formatDemoBanner(credentials, origin)
    const demo = credentials.shops[0]!
    expect(banner).toContain('Pixel Pines Merch')
    expect(banner).toContain(
      `curl -u ${demo.apiUser.username}:${demo.apiUser.password} ${origin}/open-api/v1.0/shops/current`,
    )
    expect(banner).toContain(demo.storefrontToken)
    expect(banner).toContain('owner@pixel-pines.test')
    expect(banner).toContain('BtzAKGQU_U4Fzb1NumcMrfgYdvORzlgk')
    expect(banner).toContain(`${origin}/admin/`)
    // Only the demo shop's secrets: the second shop is named, its credentials stay in the file.
    expect(banner).toContain('Northwind Knits')
    expect(banner).not.toContain('x'.repeat(32))
  })

  it('uses the public URL it is given', () => {
    const banner = formatDemoBanner(credentials, 'https://demo.example.com/')
    expect(banner).toContain('https://demo.example.com/open-api/v1.0/shops/current')
    expect(banner).not.toContain('127.0.0.1')
  })
})
