import fastJsonStringify from 'fast-json-stringify'
import type { FastifyInstance } from 'fastify'

/**
 * Responses are serialized from the contract's response schemas with fast-json-stringify, which
 * also drops any property the contract does not document. A few legal JSON Schema constructs
 * (allOf over a oneOf, for instance) cannot be compiled by it; those operations fall back to
 * JSON.stringify — their shape is still fixed by the mapper and checked by the contract tests.
 */
export function installContractSerializer(app: FastifyInstance): void {
  app.setSerializerCompiler(({ schema, method, url }) => {
    try {
      return fastJsonStringify(schema as Parameters<typeof fastJsonStringify>[0])
    } catch (error) {
      app.log.debug({ method, url, err: error }, 'response schema not compilable by fast-json-stringify; using JSON')
      return (data: unknown) => JSON.stringify(data)
    }
  })
}
