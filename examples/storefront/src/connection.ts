import { isFanshelfApiError } from '@fanshelf/sdk'
import { configureStorefront, type ServerSettings, type Shop, storefront } from './storefront'

/**
 * Finding the Fanshelf server and checking that it answers, before the shop renders: a storefront
 * that cannot reach its API says so — which origin it tried, what failed, what to do — within a few
 * seconds, instead of showing "Loading…" forever.
 */

/** How long the first calls may take before the storefront gives up and explains. */
export const connectTimeoutMs = 4_000

/** Served by `npm run dev` and `npm run preview` (vite.config.ts): the local server's origin and token. */
export const localServerPath = '/fanshelf-local-server.json'

const reachAdvice =
  'Start Fanshelf with `npm start` (from the repository root), or set `VITE_FANSHELF_ORIGIN` to your Fanshelf server’s origin; then reload this page.'
const tokenAdvice =
  'Set `VITE_FANSHELF_STOREFRONT_TOKEN` to the shop’s storefront token (`npx fanshelf demo-credentials` prints the demo shop’s), or leave it unset while `npm start` runs and reload this page: the dev server reads the demo shop’s token from it.'

/** Why the storefront cannot show the shop, as a developer reads it. Advice marks code with backticks. */
export class ConnectionProblem extends Error {
  override readonly name = 'ConnectionProblem'
  constructor(
    readonly title: string,
    /** The origin that was tried, if there was one. */
    readonly origin: string | undefined,
    /** What failed: "network error …", "401 STOREFRONT_TOKEN_INVALID …", "no answer within 4 s". */
    readonly failure: string,
    readonly advice: string,
  ) {
    super(`${title}: ${failure}`)
  }
}

/** The settings the build was given, completed by the dev or preview server's view of the local server. */
export async function findServer(): Promise<ServerSettings> {
  const configured = {
    origin: import.meta.env.VITE_FANSHELF_ORIGIN?.replace(/\/+$/, ''),
    storefrontToken: import.meta.env.VITE_FANSHELF_STOREFRONT_TOKEN,
  }
  if (configured.origin && configured.storefrontToken) {
    return { origin: configured.origin, storefrontToken: configured.storefrontToken }
  }
  const local = await readLocalServer()
  const origin = configured.origin || local?.origin
  if (!origin) {
    throw new ConnectionProblem(
      'No Fanshelf server configured',
      undefined,
      'this build names no server, and no dev server told it where the local one is',
      'Set `VITE_FANSHELF_ORIGIN` (and `VITE_FANSHELF_STOREFRONT_TOKEN`) and build again, or run `npm run dev -w @fanshelf/example-storefront` next to `npm start`.',
    )
  }
  // The local demo shop's token only goes with the local server.
  const storefrontToken = configured.storefrontToken || (local?.origin === origin ? local.storefrontToken : undefined)
  if (!storefrontToken) {
    throw new ConnectionProblem('No storefront token', origin, 'no storefront token is configured for it', tokenAdvice)
  }
  return { origin, storefrontToken }
}

async function readLocalServer(): Promise<Partial<ServerSettings> | undefined> {
  try {
    const response = await fetch(localServerPath, { signal: AbortSignal.timeout(connectTimeoutMs) })
    if (!response.ok) return undefined
    const body = (await response.json()) as Partial<ServerSettings>
    return typeof body.origin === 'string' ? body : undefined
  } catch {
    // A static host without the dev server's endpoint (or one answering HTML): nothing to add.
    return undefined
  }
}

/** Explains a failed first call to `origin`. */
export function describeFailure(error: unknown, origin: string): ConnectionProblem {
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new ConnectionProblem(
      'Cannot reach Fanshelf',
      origin,
      `no answer within ${connectTimeoutMs / 1000} s`,
      reachAdvice,
    )
  }
  if (isFanshelfApiError(error)) {
    const answered = `${error.status} ${error.code}`
    if (error.status === 401) {
      return new ConnectionProblem(
        'The storefront token was refused',
        origin,
        `${answered}: ${error.message}`,
        tokenAdvice,
      )
    }
    if (error.status === 404) {
      return new ConnectionProblem(
        'No storefront API there',
        origin,
        `${answered}: nothing answers ${origin}/v1/shop — is it a Fanshelf server?`,
        'Set `VITE_FANSHELF_ORIGIN` to your Fanshelf server’s origin (without `/v1`), or start Fanshelf with `npm start`; then reload this page.',
      )
    }
    return new ConnectionProblem(
      'Fanshelf answered with an error',
      origin,
      `${answered}: ${error.message}`,
      reachAdvice,
    )
  }
  // fetch rejects with a TypeError when nothing answers (refused, unknown host) or CORS blocks the answer.
  return new ConnectionProblem(
    'Cannot reach Fanshelf',
    origin,
    `network error (${error instanceof Error ? error.message : String(error)}): nothing answered there`,
    reachAdvice,
  )
}

/** Finds the server, points the client at it and reads the shop, or throws a {@link ConnectionProblem}. */
export async function connect(): Promise<Shop> {
  const settings = await findServer()
  configureStorefront(settings)
  try {
    return await storefront.getStorefrontShop({ signal: AbortSignal.timeout(connectTimeoutMs) })
  } catch (error) {
    throw describeFailure(error, settings.origin)
  }
}
