import type { WebhookConfigurationsTable } from '../../db/schema.js'

/** The only place a webhook configuration's wire shape is built (contract schema `WebhookConfiguration`). */
export function toWebhookConfigurationResource(configuration: WebhookConfigurationsTable) {
  return {
    id: configuration.id,
    url: configuration.url,
    allowedTypes: JSON.parse(configuration.allowed_types) as string[],
    apiVersion: configuration.api_version,
    enabled: configuration.enabled === 1,
    disabledReason: configuration.disabled_reason,
    createdAt: configuration.created_at,
    updatedAt: configuration.updated_at,
  }
}

/** Contract schema `WebhookSecret` (deprecated operation). */
export function toWebhookSecretResource(secret: string) {
  return { secret }
}

/**
 * Contract schema `WebhookConfigurationCreated`: the configuration plus the key its deliveries are
 * signed with — the shop's secret, or `null` for a platform app's configuration (signed with the
 * app's own key).
 */
export function toWebhookConfigurationCreatedResource(
  configuration: WebhookConfigurationsTable,
  secret: string | null,
) {
  return { ...toWebhookConfigurationResource(configuration), secret }
}
