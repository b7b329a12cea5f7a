import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Contract, JsonSchema, Operation } from './contract.js'
import { validationError } from './errors.js'
import type { Principal } from './principal.js'
import { SerializedJson } from './serialized-json.js'
import { createRequestValidators, toValidationIssues } from './validation.js'

/**
 * Registers one Fastify route per contract operation that has a handler. Request validation,
 * response serialization and security all come from the contract; handlers only parse, call,
 * map and reply.
 */

export interface OperationContext<
  P = Record<string, string>,
  Q = Record<string, unknown>,
  B = unknown,
  A extends Principal = Principal,
> {
  params: P
  query: Q
  body: B
  auth: A
  operation: Operation
  request: FastifyRequest
  reply: FastifyReply
}

// biome-ignore lint/suspicious/noExplicitAny: handler tables are keyed by operationId; each handler types its own context.
export type OperationHandler = (ctx: OperationContext<any, any, any, any>) => unknown | Promise<unknown>
export type HandlerTable = Record<string, OperationHandler>

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

export interface RouterOptions {
  /** Runs before validation: resolves the principal and applies the rate limit. */
  authorize: (request: FastifyRequest, reply: FastifyReply, operation: Operation) => Promise<void>
}

export function registerOperations(
  app: FastifyInstance,
  contract: Contract,
  handlers: HandlerTable,
  options: RouterOptions,
): Operation[] {
  const registered: Operation[] = []
  for (const operation of contract.operations) {
    const handler = handlers[operation.operationId]
    if (!handler) continue
    const validators = createRequestValidators(operation)
    const status = successStatus(operation)
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
        const result = await handler({
          params: request.params as Record<string, string>,
          query: request.query as Record<string, unknown>,
          body: request.body,
          auth: request.auth as Principal,
          operation,
          request,
          reply,
        })
        if (reply.sent) return reply
        if (reply.statusCode === 200 && status !== 200) reply.code(status)
        if (result instanceof SerializedJson) return reply.type('application/json; charset=utf-8').send(result.body)
        return result === undefined ? reply.send() : result
      },
    })
    registered.push(operation)
  }
  return registered
}
