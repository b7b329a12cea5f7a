import type { HandlerTable, OperationContext } from '../../http/operation-router.js'
import type { ShopPrincipal } from '../../http/principal.js'
import { pageRequest } from '../paging/paging.js'
import {
  type WebhookConfigurationRequest,
  type WebhookConfigurationService,
  webhookOwnerOf,
} from './webhook-configurations.service.js'

type IdParams = { webhookConfigurationId: string }
type NoParams = Record<string, never>
type ListCtx = OperationContext<NoParams, { page?: number; size?: number }, undefined, ShopPrincipal>
type GetCtx = OperationContext<IdParams, NoParams, undefined, ShopPrincipal>
type SecretCtx = OperationContext<NoParams, NoParams, undefined, ShopPrincipal>
type CreateCtx = OperationContext<NoParams, NoParams, WebhookConfigurationRequest, ShopPrincipal>
type UpdateCtx = OperationContext<IdParams, NoParams, WebhookConfigurationRequest, ShopPrincipal>

export function webhookConfigurationHandlers(configurations: WebhookConfigurationService): HandlerTable {
  return {
    listWebhookConfigurations: ({ auth, query }: ListCtx) =>
      configurations.listConfigurations(webhookOwnerOf(auth), pageRequest(query)),
    getWebhookConfiguration: ({ auth, params }: GetCtx) =>
      configurations.getConfiguration(webhookOwnerOf(auth), params.webhookConfigurationId),
    createWebhookConfiguration: ({ auth, body }: CreateCtx) =>
      configurations.createConfiguration(webhookOwnerOf(auth), body),
    updateWebhookConfiguration: ({ auth, params, body }: UpdateCtx) =>
      configurations.updateConfiguration(webhookOwnerOf(auth), params.webhookConfigurationId, body),
    deleteWebhookConfiguration: ({ auth, params }: GetCtx) =>
      configurations.deleteConfiguration(webhookOwnerOf(auth), params.webhookConfigurationId),
    getWebhookSecret: ({ auth }: SecretCtx) => configurations.getSigningSecret(auth),
  }
}
