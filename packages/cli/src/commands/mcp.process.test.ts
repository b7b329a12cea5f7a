import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { buildApp, loadConfig, seedDemo } from '@fanshelf/api'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * `fanshelf mcp` as a desktop agent starts it: its own process (`bin.ts`, as `npx fanshelf`), spoken
 * to over stdio by the official SDK's client, calling a listening Fanshelf's REST API over HTTP.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..')
const savedEnv = { ...process.env }
let dataDir: string
let app: Awaited<ReturnType<typeof buildApp>>
let origin: string
let apiUser: { username: string; password: string }

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-mcp-process-'))
  process.env.DATA_DIR = dataDir
  process.env.DATABASE_URL = ''
  process.env.ROLES = 'api'
  const config = loadConfig()
  app = await buildApp(config, { logger: false })
  const credentials = await seedDemo(app.platform.services.db, {
    secretBox: app.platform.services.secretBox,
    publicUrl: config.publicUrl,
    now: Date.now(),
  })
  apiUser = credentials.shops[0]?.apiUser as typeof apiUser
  await app.listen({ host: '127.0.0.1', port: 0 })
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await app?.close()
  process.env = savedEnv
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('fanshelf mcp', () => {
  it('serves the open API’s tools over stdio and calls the origin’s REST API with the API user', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'packages/cli/src/bin.ts', 'mcp'],
      cwd: repoRoot,
      env: {
        ...(process.env as Record<string, string>),
        FANSHELF_ORIGIN: origin,
        FANSHELF_API_USER: apiUser.username,
        FANSHELF_API_PASSWORD: apiUser.password,
      },
      stderr: 'pipe',
    })
    const client = new Client({ name: 'fanshelf-test', version: '1.0.0' })
    try {
      await client.connect(transport)
      const { tools } = await client.listTools()
      const basicOperations = app.platform.contract.operations.filter(
        (op) => op.api !== 'storefront' && op.security.some((requirement) => 'basicAuth' in requirement),
      )
      expect(tools.map((tool) => tool.name).sort()).toEqual(basicOperations.map((op) => op.operationId).sort())

      const result = (await client.callTool({ name: 'getCurrentShop', arguments: {} })) as CallToolResult
      const authorization = `Basic ${Buffer.from(`${apiUser.username}:${apiUser.password}`).toString('base64')}`
      const rest = await fetch(`${origin}/open-api/v1.0/shops/current`, { headers: { authorization } })
      expect(result.isError).toBeFalsy()
      expect(result.structuredContent).toEqual(await rest.json())

      const { resources } = await client.listResources()
      expect(resources.map((resource) => resource.uri)).toContain(`${origin}/openapi/open-api.yaml`)
    } finally {
      await client.close()
    }
  }, 120_000)
})
