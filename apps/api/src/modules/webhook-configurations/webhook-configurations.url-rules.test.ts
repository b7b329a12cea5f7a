// The webhook URL rules, from configuration and over HTTP with production-like configuration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageSerializers } from '../../http/serialized-json.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import {
  create,
  db,
  platform,
  publicUrl,
  services,
  setUpWebhookConfigurationWrites,
} from './testing/webhook-configuration-writes.js'
import { createWebhookConfigurationService, webhookOwnerOf } from './webhook-configurations.service.js'

setUpWebhookConfigurationWrites()

describe('webhook URL rules from configuration', () => {
  function serviceWith(
    rules: Partial<typeof platform.config.webhooks>,
    resolve?: (host: string) => Promise<{ address: string; family: number }[]>,
  ) {
    return createWebhookConfigurationService(db(), services().shops, {
      clock: platform.clock,
      dialect: platform.app.platform.database.dialect,
      rules: { ...platform.config.webhooks, ...rules },
      resolve,
      appKeys: services().platformApps.appKeys,
      configurationPage: pageSerializers(platform.contract, 'listWebhookConfigurations'),
    })
  }
  const owner = () =>
    webhookOwnerOf({ kind: 'apiUser', shopId: platform.demo.id, apiUserId: 'apiu_Test', rateKey: 'k' })

  it('requires https when configured, naming url', async () => {
    const service = serviceWith({ requireHttps: true })
    await expect(
      service.createConfiguration(owner(), { url: 'http://93.184.216.34/hooks', allowedTypes: ['DONATION'] }),
    ).rejects.toMatchObject({
      code: 'REQUEST_VALIDATION_FAILED',
      status: 400,
      details: { errors: [{ location: 'body', field: 'url', rule: 'format', message: 'must be an https URL' }] },
    })
    await expect(
      service.createConfiguration(owner(), { url: 'https://93.184.216.34/hooks', allowedTypes: ['DONATION'] }),
    ).resolves.toMatchObject({ enabled: true })
  })

  it('refuses loopback when not allowed, and allows private addresses when configured', async () => {
    await expect(
      serviceWith({ allowLoopback: false }).createConfiguration(owner(), {
        url: 'http://127.0.0.1:9999/hooks',
        allowedTypes: ['DONATION'],
      }),
    ).rejects.toMatchObject({ code: 'WEBHOOK_URI_IP_NOT_ALLOWED', details: { address: '127.0.0.1' } })
    await expect(
      serviceWith({ allowPrivate: true }).createConfiguration(owner(), {
        url: 'http://10.0.0.12/hooks',
        allowedTypes: ['DONATION'],
      }),
    ).resolves.toMatchObject({ url: 'http://10.0.0.12/hooks' })
  })

  it('resolves a host name and refuses it when any of its addresses is forbidden', async () => {
    const resolve = async (host: string) =>
      host === 'hooks.internal.test'
        ? [
            { address: '93.184.216.34', family: 4 },
            { address: '192.168.1.20', family: 4 },
          ]
        : [{ address: '93.184.216.34', family: 4 }]
    const service = serviceWith({}, resolve)
    await expect(
      service.createConfiguration(owner(), { url: 'https://hooks.internal.test/x', allowedTypes: ['DONATION'] }),
    ).rejects.toMatchObject({
      code: 'WEBHOOK_URI_IP_NOT_ALLOWED',
      details: { url: 'https://hooks.internal.test/x', address: '192.168.1.20' },
    })
    const configuration = (await create({ url: publicUrl, allowedTypes: ['DONATION'] })).body.id
    await expect(
      service.updateConfiguration(owner(), configuration, {
        url: 'https://hooks.internal.test/x',
        allowedTypes: ['DONATION'],
      }),
    ).rejects.toMatchObject({ code: 'WEBHOOK_URI_IP_NOT_ALLOWED' })
    await expect(
      service.createConfiguration(owner(), { url: 'https://hooks.public.test/x', allowedTypes: ['DONATION'] }),
    ).resolves.toMatchObject({ url: 'https://hooks.public.test/x' })
  })

  it('checks allowedTypes itself for callers other than the HTTP layer', async () => {
    const service = serviceWith({})
    await expect(service.createConfiguration(owner(), { url: publicUrl, allowedTypes: [] })).rejects.toMatchObject({
      details: { errors: [expect.objectContaining({ field: 'allowedTypes', rule: 'minItems' })] },
    })
    await expect(
      service.createConfiguration(owner(), { url: publicUrl, allowedTypes: ['DONATION', 'DONATION'] }),
    ).rejects.toMatchObject({ details: { errors: [expect.objectContaining({ rule: 'uniqueItems' })] } })
    await expect(
      service.createConfiguration(owner(), { url: publicUrl, allowedTypes: ['NOPE'] }),
    ).rejects.toMatchObject({
      details: { errors: [expect.objectContaining({ field: 'allowedTypes/0', rule: 'enum' })] },
    })
  })
})

describe('webhook URL rules over HTTP with production-like configuration', () => {
  let strict: TestPlatform
  beforeAll(async () => {
    strict = await createTestPlatform({ env: { WEBHOOK_REQUIRE_HTTPS: 'true', WEBHOOK_ALLOW_LOOPBACK: 'false' } })
  })
  afterAll(() => strict.close())

  it('answers 400 naming url for an http URL when https is required', async () => {
    const { status, body } = await strict.call('createWebhookConfiguration', {
      body: { url: 'http://93.184.216.34/hooks', allowedTypes: ['DONATION'] },
    })
    expect(status).toBe(400)
    expect(body).toMatchObject({
      code: 'REQUEST_VALIDATION_FAILED',
      details: { errors: [{ location: 'body', field: 'url', rule: 'format', message: 'must be an https URL' }] },
    })
  })

  it('answers 400 WEBHOOK_URI_IP_NOT_ALLOWED for loopback when loopback is not allowed', async () => {
    const { status, body } = await strict.call('createWebhookConfiguration', {
      body: { url: 'https://127.0.0.1/hooks', allowedTypes: ['DONATION'] },
    })
    expect(status).toBe(400)
    expect(body).toMatchObject({ code: 'WEBHOOK_URI_IP_NOT_ALLOWED', details: { address: '127.0.0.1' } })
  })
})
