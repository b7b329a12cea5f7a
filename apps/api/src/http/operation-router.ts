import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { validationError } from '../errors/domain-error.js'
import { keptEncodingFor, varyOnEncoding } from './compressed-answers.js'
import type { Contract, JsonSchema, Operation } from './contract.js'
import type { Principal, ShopPrincipal } from './principal.js'
import { SerializedJson } from './serialized-json.js'
import type { OperationContext, OperationHandlers } from './typed-handlers.js'
import { createRequestValidators, toValidationIssues } from './validation.js'

/**
 * Registers one Fastify route per contract operation that has a handler. Request validation,
 * response serialization and security all come from the contract; handlers only parse, call,
 * map and reply.
 */

export type { OperationContext } from './typed-handlers.js'

/**
 * A handler as the router calls it, whatever its operation. The router validated the request against
 * the operation's schemas before the call, and every routed operation requires credentials: that is
 * what `Ctx<K, ShopPrincipal>` promised the handler of `K`, so widening the table to this is sound.
 */
type RoutedHandler = (ctx: OperationContext<unknown, unknown, unknown, ShopPrincipal>) => unknown

declare module 'fastify' {
  interface FastifyContextConfig {
    operation?: Operation
  }
  interface FastifyRequest {
    auth?: Principal
  }
}

function successStatus(operation: Operation): number {
  const codes = Object.keys(operation.responses)
    .filter((s) => /^2\d\d$/.test(s))
    .map(Number)
    .sort()
  return codes[0] ?? 200
}

function responseSchemas(operation: Operation): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {}
  for (const [status, schema] of Object.entries(operation.responses)) {
    // Only successful bodies are serialized from the schema; errors go through the error handler.
    if (schema && /^2\d\d$/.test(status)) out[status] = schema
  }
  return out
}

/** A handler's answer before it is sent, so that a wrapper can save it (decision 0019). */
export type PreparedReply =
  | { sent: true }
  | { sent: false; status: number; contentType?: string; body?: string | Buffer }

/** Runs a validated request (`run`) in its place, or answers without running it. */
export type OperationWrapper = (
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<PreparedReply>,
) => Promise<PreparedReply>

export interface RouterOptions {
  /** Runs before validation: resolves the principal and applies the rate limit. */
  authorize: (request: FastifyRequest, reply: FastifyReply, operation: Operation) => Promise<void>
  /** The wrapper of an operation, if it has one (idempotency keys on writes). */
  wrap?: (operation: Operation) => OperationWrapper | undefined
}

const jsonType = 'application/json; charset=utf-8'

function prepareReply(reply: FastifyReply, status: number, result: unknown): PreparedReply {
  if (reply.sent) return { sent: true }
  if (reply.statusCode === 200 && status !== 200) reply.code(status)
  if (result instanceof SerializedJson)
    return { sent: false, status: reply.statusCode, contentType: jsonType, body: result.body }
  if (result === undefined) return { sent: false, status: reply.statusCode }
  const body = reply.serialize(result)
  return {
    sent: false,
    status: reply.statusCode,
    contentType: jsonType,
    body: typeof body === 'string' || Buffer.isBuffer(body) ? body : Buffer.from(body),
  }
}

/**
 * An answer already serialized, in the encoding the client asks for: a kept answer's compressed
 * bytes are computed once and kept with it (compressed-answers.ts); the compression plugin leaves a
 * body that has a `content-encoding` alone.
 */
async function sendSerialized(request: FastifyRequest, reply: FastifyReply, answer: SerializedJson) {
  reply.type(jsonType)
  const encoding = keptEncodingFor(request, answer.body.length)
  if (encoding === undefined) return reply.send(answer.body)
  let body: Buffer
  try {
    body = await answer.encoded(encoding)
  } catch {
    return reply.send(answer.body)
  }
  varyOnEncoding(reply)
  return reply.header('content-encoding', encoding).send(body)
}

function sendPrepared(reply: FastifyReply, prepared: PreparedReply): FastifyReply {
  if (prepared.sent) return reply
  reply.code(prepared.status)
  if (prepared.body === undefined) return reply.send()
  return reply.type(prepared.contentType ?? jsonType).send(prepared.body)
}

export function registerOperations(
  app: FastifyInstance,
  contract: Contract,
  handlers: OperationHandlers,
  options: RouterOptions,
): Operation[] {
  const table = handlers as unknown as Partial<Record<string, RoutedHandler>>
  const registered: Operation[] = []
  for (const operation of contract.operations) {
    const handler = table[operation.operationId]
    if (!handler) continue
    const validators = createRequestValidators(operation)
    const status = successStatus(operation)
    const wrap = options.wrap?.(operation)
    app.route({
      method: operation.method,
      url: operation.url,
      config: { operation },
      schema: { response: responseSchemas(operation) },
      onRequest: async (request, reply) => options.authorize(request, reply, operation),
      handler: async (request, reply) => {
        // Validated here rather than in a preHandler hook: one step less on every request.
        const issues = validators.validate(request)
        if (issues.length > 0) throw validationError(toValidationIssues(issues))
        const run = () =>
          handler({
            params: request.params,
            query: request.query,
            body: request.body,
            auth: request.auth as ShopPrincipal,
            operation,
            request,
            reply,
          })
        if (wrap)
          return sendPrepared(reply, await wrap(request, reply, async () => prepareReply(reply, status, await run())))
        const result = await run()
        if (reply.sent) return reply
        if (reply.statusCode === 200 && status !== 200) reply.code(status)
        if (result instanceof SerializedJson) return sendSerialized(request, reply, result)
        return result === undefined ? reply.send() : result
      },
    })
    registered.push(operation)
  }
  return registered
}
