import type { AddressInfo } from 'node:net'
import { buildApp, loadConfig, seedDemo } from '@fanshelf/api'

/**
 * For the backup tests: the real app on the database and DATA_DIR the environment names (as the
 * CLI commands run beside it see them), listening on a free loopback port; the demo shops seeded
 * when `seed`.
 */
export async function serveInstall(dataDir: string, seed: boolean) {
  process.env.DATA_DIR = dataDir
  const config = loadConfig()
  const app = await buildApp(config, { logger: false })
  const credentials = seed
    ? await seedDemo(app.platform.services.db, {
        secretBox: app.platform.services.secretBox,
        publicUrl: config.publicUrl,
        now: Date.now(),
      })
    : undefined
  await app.listen({ host: '127.0.0.1', port: 0 })
  return { app, credentials, origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` }
}

/**
 * What an open-API client sees: its shop (the API user's password digest is keyed by the secret
 * key), the first page of orders, and the webhook secret (sealed at rest with that key).
 */
export async function openApiAnswers(origin: string, apiUser: { username: string; password: string }) {
  const authorization = `Basic ${Buffer.from(`${apiUser.username}:${apiUser.password}`).toString('base64')}`
  const get = async (pathname: string) => {
    const response = await fetch(`${origin}/open-api/v1.0${pathname}`, { headers: { authorization } })
    return { status: response.status, body: (await response.json()) as unknown }
  }
  return {
    shop: await get('/shops/current'),
    orders: await get('/order?size=50'),
    webhookSecret: await get('/webhooks-secret'),
  }
}
