import type { Io } from '../../command.js'
import type { ListenOptions } from './listen-options.js'

/** Where `listen` registers its configuration (the open API's webhook configurations). */
export const webhooksPath = '/open-api/v1.0/webhooks'

/** The path of `listen`'s local listener: how `trigger` recognises listen's configurations. */
export const listenerPath = '/fanshelf-listen'

export class ApiError extends Error {}

/** Why a fetch failed, as a developer reads it (`ECONNREFUSED`, `bad port`, …). */
export function fetchFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return cause?.code ?? cause?.message ?? (error as Error).message
}

export function basicAuth(credentials: ListenOptions['credentials']): string {
  return `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`
}

export async function callApi(
  options: ListenOptions,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const url = new URL(path, options.server)
  let response: Response
  try {
    response = await fetch(url, {
      method,
      headers: {
        authorization: basicAuth(options.credentials),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    })
  } catch (error) {
    throw new ApiError(
      `Cannot reach the Fanshelf server at ${options.server} (${fetchFailure(error)}). Is it running (npm start)?`,
    )
  }
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {}
  if (!response.ok) {
    const { code, message } = (parsed ?? {}) as { code?: string; message?: string }
    throw new ApiError(
      `${method} ${url.pathname} answered ${response.status}${code ? ` ${code}` : ''}${message ? `: ${message}` : ''}`,
    )
  }
  return { status: response.status, body: parsed }
}

/** Deletes listen's configuration; a server that cannot do it is reported, not thrown. */
export async function removeConfiguration(
  options: ListenOptions,
  configurationId: string,
  io: Io,
  print: (text: string, json: object) => void,
): Promise<void> {
  try {
    await callApi(options, 'DELETE', `${webhooksPath}/${encodeURIComponent(configurationId)}`)
    print(`Removed webhook configuration ${configurationId}.`, { event: 'removed', configurationId })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    io.err(
      `fanshelf listen: could not remove webhook configuration ${configurationId}: ${error.message}. ` +
        'Its deliveries fail until it is deleted (DELETE /open-api/v1.0/webhooks/{id}, or the admin).\n',
    )
  }
}
