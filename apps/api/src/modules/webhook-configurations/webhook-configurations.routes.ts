import type { Body, Res } from '@fanshelf/contract'
import type { ShopPrincipal } from '../../http/principal.js'
import type { Handlers } from '../../http/typed-handlers.js'
import { pageRequest } from '../paging/paging.js'
import type {
  toWebhookConfigurationCreatedResource,
  toWebhookConfigurationResource,
} from './webhook-configurations.mapper.js'
import {
  type WebhookConfigurationRequest,
  type WebhookConfigurationService,
  webhookOwnerOf,
} from './webhook-configurations.service.js'

type WebhookConfigurationOperation =
  | 'listWebhookConfigurations'
  | 'getWebhookConfiguration'
  | 'createWebhookConfiguration'
  | 'updateWebhookConfiguration'
  | 'deleteWebhookConfiguration'
  | 'getWebhookSecret'

type ConfigurationResource = ReturnType<typeof toWebhookConfigurationResource>

/*
 * The mapper's configurations as the contract's. `allowedTypes` is read from a JSON column as
 * `string[]` (not narrowed to `WebhookEventType`), so these are assertions, not proofs: TypeScript
 * still rejects them when a required field is renamed or removed, or a field's type stops overlapping.
 */
function wireConfiguration(configuration: ConfigurationResource): Res<'getWebhookConfiguration'> {
  return configuration as Res<'getWebhookConfiguration'>
}

function wireCreated(
  created: ReturnType<typeof toWebhookConfigurationCreatedResource>,
): Res<'createWebhookConfiguration'> {
  return created as Res<'createWebhookConfiguration'>
}

/**
 * The validated body as the service's request. openapi-typescript renders the schema's `anyOf`
 * (`allowedTypes` or its alias `types` required) as extra union members without `url`, so the
 * generated body is looser than what the router validated (`url` is required by the schema itself).
 */
function configurationRequest(
  body: Body<'createWebhookConfiguration'> | Body<'updateWebhookConfiguration'>,
): WebhookConfigurationRequest {
  return body as WebhookConfigurationRequest
}

export function webhookConfigurationHandlers(
  configurations: WebhookConfigurationService,
): Handlers<WebhookConfigurationOperation, ShopPrincipal> {
  return {
    listWebhookConfigurations: ({ auth, query }) =>
      configurations.listConfigurationsJson(webhookOwnerOf(auth), pageRequest(query)),
    getWebhookConfiguration: async ({ auth, params }) =>
      wireConfiguration(await configurations.getConfiguration(webhookOwnerOf(auth), params.webhookConfigurationId)),
    createWebhookConfiguration: async ({ auth, body }) =>
      wireCreated(await configurations.createConfiguration(webhookOwnerOf(auth), configurationRequest(body))),
    updateWebhookConfiguration: async ({ auth, params, body }) =>
      wireConfiguration(
        await configurations.updateConfiguration(
          webhookOwnerOf(auth),
          params.webhookConfigurationId,
          configurationRequest(body),
        ),
      ),
    deleteWebhookConfiguration: ({ auth, params }) =>
      configurations.deleteConfiguration(webhookOwnerOf(auth), params.webhookConfigurationId),
    getWebhookSecret: ({ auth }) => configurations.getSigningSecret(auth),
  }
}
