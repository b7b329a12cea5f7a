import { listenerPath } from '../listen/server-api.js'
import type { TriggerActions, TriggerContext } from './context.js'

/** The CLI's own platform app, registered once and reused (PLATFORM_APP_DISCONNECTED). */
const triggerAppName = 'Fanshelf CLI trigger'
const triggerAppRedirectUri = 'http://127.0.0.1/fanshelf-trigger'

/** The admin who connects and disconnects the app: the shop's oldest super-admin, else its oldest admin. */
async function findShopAdmin({ services, shopId }: TriggerContext) {
  const people = await services.people.list(shopId)
  const admin = people.find((person) => person.role === 'SUPER_ADMIN') ?? people[0]
  if (!admin) throw new Error(`Shop ${shopId} has no admin user to connect an app with.`)
  return { shopId, adminUserId: admin.id }
}

/** The shop's own webhook configurations (not an app's), every page. */
async function listShopConfigurations({ services, shopId }: TriggerContext) {
  const owner = { shopId, appId: null }
  const size = 100
  const all = []
  for (let page = 0; ; page++) {
    const { results, totalPages } = await services.webhookConfigurations.listConfigurations(owner, {
      page,
      size,
      offset: page * size,
    })
    all.push(...results)
    // Pages list the newest first; the oldest first here, as the outbox fans out.
    if (page + 1 >= totalPages) return all.reverse()
  }
}

/**
 * The URLs of `fanshelf listen`'s configurations of the shop that subscribe to
 * PLATFORM_APP_DISCONNECTED. The event only ever goes to the disconnected app's own
 * configurations, so trigger gives the app one at each of these URLs before disconnecting it.
 */
async function findListeningUrls(context: TriggerContext): Promise<string[]> {
  const urls = (await listShopConfigurations(context))
    .filter((configuration) => configuration.enabled)
    .filter((configuration) => configuration.allowedTypes.includes('PLATFORM_APP_DISCONNECTED'))
    .map((configuration) => configuration.url)
    .filter((url) => new URL(url).pathname === listenerPath)
  return [...new Set(urls)]
}

async function connectTriggerApp(context: TriggerContext): Promise<string> {
  const { services, shopId } = context
  const apps = services.platformApps
  const existing = (await apps.list()).find((app) => app.name === triggerAppName && app.status === 'ACTIVE')
  const appId =
    existing?.id ??
    (await apps.register({ name: triggerAppName, redirectUris: [triggerAppRedirectUri], scopes: ['webhook_read'] }))
      .clientId
  const connected = await services.platformGrants.listConnections(shopId)
  if (!connected.some((connection) => connection.appId === appId)) {
    const app = await apps.findApp(appId)
    if (!app) throw new Error(`The platform app ${appId} vanished while connecting it.`)
    await services.platformGrants.approve(await findShopAdmin(context), app, {
      redirectUri: triggerAppRedirectUri,
      state: 'fanshelf-trigger',
    })
  }
  return appId
}

/** Platform apps: an app connected to the shop is disconnected. */
export const appActions: TriggerActions<'PLATFORM_APP_DISCONNECTED'> = {
  PLATFORM_APP_DISCONNECTED: {
    does: 'connects the CLI’s own platform app (or --app), then disconnects it',
    async run(context) {
      const { services, shopId } = context
      let appId = context.appId
      if (appId === undefined) appId = await connectTriggerApp(context)
      else if (!(await services.platformGrants.listConnections(shopId)).some((c) => c.appId === appId)) {
        throw new Error(`The app ${appId} is not connected to shop ${shopId}.`)
      }
      const urls = await findListeningUrls(context)
      for (const url of urls) {
        await services.webhookConfigurations.createConfiguration(
          { shopId, appId },
          { url, allowedTypes: ['PLATFORM_APP_DISCONNECTED'] },
        )
      }
      await services.platformGrants.disconnect(await findShopAdmin(context), appId)
      const appKey = await services.platformApps.appKeys.keyFor(appId)
      return {
        summary:
          `Disconnected platform app ${appId} from the shop` +
          (urls.length > 0 ? ` (its webhooks included ${urls.join(', ')}).` : '.') +
          `\n  Its deliveries are signed with the app's HMAC key (X-Fourthwall-Hmac-Apps-SHA256): ${appKey}`,
        details: { appId, appWebhookHmacKey: appKey, forwardedTo: urls },
      }
    },
  },
}
