import type { AdminRes } from '@fanshelf/contract'
import type { FastifyInstance } from 'fastify'
import { pageRequest } from '../paging/paging.js'
import { toShopResource } from '../shops/shops.mapper.js'
import type { WebhookConfigurationRequest } from '../webhook-configurations/webhook-configurations.service.js'
import { webhookEventsPageSize } from '../webhook-events/webhook-events.service.js'
import { toApiUserResource, toCreatedApiUserResource, toStorefrontTokenResource } from './admin.mapper.js'
import type { AdminParsers } from './admin-contract.js'
import { type AdminAccess, actorOf, type IdParams, pageOf, shopOwnerOf } from './admin-http.js'

/**
 * Developer settings: open API users, the storefront token, webhook configurations with their
 * delivery log, test events and replays, the shop's webhook secret and the audit log. (Connected
 * platform apps are served by the platform-apps module: `/admin/api/platform-apps/…`.)
 */
export function adminDeveloperRoutes(access: AdminAccess, parse: AdminParsers) {
  return async (app: FastifyInstance): Promise<void> => {
    const { services } = app.platform

    /** The signed-in admin's shop (its currency is the currency of every price the admin edits). */
    app.get('/admin/api/shop', async (request, reply) => {
      const session = await access.read(request, reply, 'shop.read')
      return toShopResource(await services.shops.getShop(session.shopId)) satisfies AdminRes<'getAdminShop'>
    })

    // Everything below is the super-admin's (admin-permissions.ts): STAFF get 403 FORBIDDEN
    // whatever the SPA shows, and credential and webhook changes go into the audit log.

    // ------------------------------------------------------------ open API users

    app.get('/admin/api/api-users', async (request, reply) => {
      const session = await access.read(request, reply, 'apiUsers.read')
      const query = parse.page(request.query)
      const users = await services.apiUsers.list(session.shopId)
      return pageOf(users.map(toApiUserResource), query) satisfies AdminRes<'listAdminApiUsers'>
    })

    // The API-user service writes one row, outside any transaction: the entry follows it.
    app.post('/admin/api/api-users', async (request, reply) => {
      const { session, audit } = await access.audited(request, reply, 'apiUsers.create')
      const body = parse.apiUser<{ label?: string }>(request.body ?? {})
      const created = await services.apiUsers.create(actorOf(session), body.label || undefined, audit)
      return reply.code(201).send(toCreatedApiUserResource(created) satisfies AdminRes<'createAdminApiUser'>)
    })

    app.delete('/admin/api/api-users/:apiUserId', async (request: IdParams<'apiUserId'>, reply) => {
      const { session, audit } = await access.audited(request, reply, 'apiUsers.delete')
      await services.apiUsers.remove(actorOf(session), request.params.apiUserId, audit)
      return reply.code(204).send()
    })

    // ------------------------------------------------------------ storefront token

    app.get('/admin/api/storefront-token', async (request, reply) => {
      const session = await access.read(request, reply, 'storefrontToken.read')
      return toStorefrontTokenResource(await services.storefront.tokens.findToken(session.shopId))
    })

    /** Creates the shop's token if it has none (a revoked token is not brought back). */
    app.post('/admin/api/storefront-token', async (request, reply) => {
      const { session, audit } = await access.audited(request, reply, 'storefrontToken.create')
      return toStorefrontTokenResource(await services.storefront.tokens.getOrCreate(session.shopId, audit))
    })

    app.post('/admin/api/storefront-token/regenerate', async (request, reply) => {
      const { session, audit } = await access.audited(request, reply, 'storefrontToken.regenerate')
      return toStorefrontTokenResource(await services.storefront.tokens.regenerate(session.shopId, audit))
    })

    app.delete('/admin/api/storefront-token', async (request, reply) => {
      const { session, audit } = await access.audited(request, reply, 'storefrontToken.revoke')
      await services.storefront.tokens.revoke(session.shopId, audit)
      return reply.code(204).send()
    })

    // ------------------------------------------------------------ webhook secret

    /** Every reveal is audited: the SPA asks only when the admin clicks Reveal or Copy. */
    app.get('/admin/api/webhook-secret', async (request, reply) => {
      const { session, audit } = await access.audited(request, reply, 'webhookSecret.reveal')
      return (await services.webhookSecrets.reveal(
        session.shopId,
        audit,
      )) satisfies AdminRes<'revealAdminWebhookSecret'>
    })

    app.post('/admin/api/webhook-secret/rotate', async (request, reply) => {
      const { session, audit } = await access.audited(request, reply, 'webhookSecret.rotate')
      const body = parse.secretRotation<{ graceHours: number }>(request.body ?? {})
      return (await services.webhookSecrets.rotate(
        session.shopId,
        body.graceHours,
        audit,
      )) satisfies AdminRes<'rotateAdminWebhookSecret'>
    })

    // ------------------------------------------------------------ webhook configurations

    app.get('/admin/api/webhooks', async (request, reply) => {
      const session = await access.read(request, reply, 'webhooks.read')
      const query = parse.page(request.query)
      return (await services.webhookConfigurations.listConfigurations(
        shopOwnerOf(session),
        pageRequest(query),
      )) as AdminRes<'listAdminWebhooks'>
    })

    app.post('/admin/api/webhooks', async (request, reply) => {
      const { session, audit } = await access.audited(request, reply, 'webhooks.create')
      const body = parse.webhookConfiguration<WebhookConfigurationRequest>(request.body)
      const { secret: _secret, ...configuration } = await services.webhookConfigurations.createConfiguration(
        shopOwnerOf(session),
        body,
        audit,
      )
      return reply.code(201).send(configuration as AdminRes<'createAdminWebhook'>)
    })

    app.get(
      '/admin/api/webhooks/:webhookConfigurationId',
      async (request: IdParams<'webhookConfigurationId'>, reply) => {
        const session = await access.read(request, reply, 'webhooks.read')
        return (await services.webhookConfigurations.getConfiguration(
          shopOwnerOf(session),
          request.params.webhookConfigurationId,
        )) as AdminRes<'getAdminWebhook'>
      },
    )

    /** Replaces URL and event types; also how a disabled endpoint is enabled again. */
    app.put(
      '/admin/api/webhooks/:webhookConfigurationId',
      async (request: IdParams<'webhookConfigurationId'>, reply) => {
        const { session, audit } = await access.audited(request, reply, 'webhooks.update')
        const body = parse.webhookConfiguration<WebhookConfigurationRequest>(request.body)
        return (await services.webhookConfigurations.updateConfiguration(
          shopOwnerOf(session),
          request.params.webhookConfigurationId,
          body,
          audit,
        )) as AdminRes<'updateAdminWebhook'>
      },
    )

    app.delete(
      '/admin/api/webhooks/:webhookConfigurationId',
      async (request: IdParams<'webhookConfigurationId'>, reply) => {
        const { session, audit } = await access.audited(request, reply, 'webhooks.delete')
        await services.webhookConfigurations.deleteConfiguration(
          shopOwnerOf(session),
          request.params.webhookConfigurationId,
          audit,
        )
        return reply.code(204).send()
      },
    )

    app.post(
      '/admin/api/webhooks/:webhookConfigurationId/test-events',
      async (request: IdParams<'webhookConfigurationId'>, reply) => {
        const session = await access.write(request, reply, 'webhooks.test')
        const body = parse.testEvent(request.body)
        const event = await services.webhookEvents.sendTestEvent(
          shopOwnerOf(session),
          request.params.webhookConfigurationId,
          body.type,
        )
        return reply.code(201).send(event as AdminRes<'sendAdminWebhookTestEvent'>)
      },
    )

    /** The delivery log of one configuration, newest first, optionally of one event type. */
    app.get(
      '/admin/api/webhooks/:webhookConfigurationId/events',
      async (request: IdParams<'webhookConfigurationId'>, reply) => {
        const session = await access.read(request, reply, 'webhooks.read')
        const query = parse.webhookEvents(request.query)
        const owner = shopOwnerOf(session)
        const configurationId = request.params.webhookConfigurationId
        await services.webhookConfigurations.getConfiguration(owner, configurationId)
        return (await services.webhookEvents.listEvents(
          owner,
          { type: query.type, configurationId },
          pageRequest(query, webhookEventsPageSize),
        )) as AdminRes<'listAdminWebhookEvents'>
      },
    )

    app.get('/admin/api/webhook-events/:webhookEventId', async (request: IdParams<'webhookEventId'>, reply) => {
      const session = await access.read(request, reply, 'webhooks.read')
      const event = await services.webhookEvents.getEvent(shopOwnerOf(session), request.params.webhookEventId)
      return event as AdminRes<'getAdminWebhookEvent'>
    })

    app.post('/admin/api/webhook-events/:webhookEventId/replay', async (request: IdParams<'webhookEventId'>, reply) => {
      const session = await access.write(request, reply, 'webhooks.replay')
      const event = await services.webhookEvents.replayEvent(shopOwnerOf(session), request.params.webhookEventId)
      return event as AdminRes<'replayAdminWebhookEvent'>
    })

    // ------------------------------------------------------------ audit log

    /** Who changed which credential, webhook or app connection, newest first (admin-api.yaml `getAdminAuditLog`). */
    app.get('/admin/api/audit-log', async (request, reply) => {
      const session = await access.read(request, reply, 'auditLog.read')
      const query = parse.page(request.query)
      return (await services.adminAuditLog.list(
        session.shopId,
        pageRequest(query),
      )) satisfies AdminRes<'getAdminAuditLog'>
    })
  }
}
