// The webhook configurations of a platform app.
import { describe, expect, it } from 'vitest'
import {
  app,
  create,
  db,
  get,
  publicUrl,
  services,
  setUpWebhookConfigurationWrites,
} from './testing/webhook-configuration-writes.js'
import { webhookOwnerOf } from './webhook-configurations.service.js'

setUpWebhookConfigurationWrites()

describe('webhook configurations of a platform app', () => {
  // No OAuth grants exist before the platform-apps issue, so the app's calls are made at the service.
  it('are created for the app, with a null secret (the app’s own key signs), and invisible to the shop', async () => {
    const service = services().webhookConfigurations
    const owner = webhookOwnerOf(app('apps.bot'))
    const created = await service.createConfiguration(owner, { url: publicUrl, allowedTypes: ['GIFT_DRAW_STARTED'] })
    expect(created).toMatchObject({ url: publicUrl, enabled: true, secret: null })
    const row = await db()
      .selectFrom('webhook_configurations')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow()
    expect(row.app_id).toBe('apps.bot')
    expect((await get(created.id)).status).toBe(404)
    await expect(service.getConfiguration(webhookOwnerOf(app('apps.other')), created.id)).rejects.toMatchObject({
      code: 'WEBHOOK_CONFIGURATION_NOT_FOUND',
    })
  })

  it('are updated and deleted by the app only; the shop’s are not the app’s to change', async () => {
    const service = services().webhookConfigurations
    const owner = webhookOwnerOf(app('apps.bot'))
    const { id } = await service.createConfiguration(owner, { url: publicUrl, allowedTypes: ['DONATION'] })
    const shopOwned = (await create({ url: publicUrl, allowedTypes: ['DONATION'] })).body.id
    const updated = await service.updateConfiguration(owner, id, { url: publicUrl, allowedTypes: ['ORDER_PLACED'] })
    expect(updated.allowedTypes).toEqual(['ORDER_PLACED'])
    await expect(
      service.updateConfiguration(owner, shopOwned, { url: publicUrl, allowedTypes: ['ORDER_PLACED'] }),
    ).rejects.toMatchObject({ code: 'WEBHOOK_CONFIGURATION_NOT_FOUND', status: 404 })
    await expect(service.deleteConfiguration(owner, shopOwned)).rejects.toMatchObject({ status: 404 })
    await service.deleteConfiguration(owner, id)
    await expect(service.getConfiguration(owner, id)).rejects.toMatchObject({ status: 404 })
    expect((await get(shopOwned)).body.allowedTypes).toEqual(['DONATION'])
  })
})
