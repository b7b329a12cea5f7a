import path from 'node:path'
import type { Body, OperationId, Query } from '@fanshelf/contract'
import type { ValidateFunction } from 'ajv/dist/2020.js'
import { validationError } from '../../errors/domain-error.js'
import type { Contract, JsonSchema } from '../../http/contract.js'
import { loadDereferencedDocument } from '../../http/contract-bundle.js'
import { compileSchema, toValidationIssues } from '../../http/validation.js'

/**
 * The schemas the admin backend validates with — never a second copy of a rule:
 *
 * - where the admin does what an open API operation does, that operation's request body or query
 *   parameters from the contract (`createPromotion`, `createFulfillment`, `listOrders`, …);
 * - otherwise `admin-api.yaml` beside this file, whose value types are `$ref`s into the contract.
 *
 * The admin SPA compiles the same schemas into its form validators at build time
 * (`apps/admin/build/contract-validators.ts`), so a form and the server agree on every rule.
 */

export const adminApiDocument = path.join(import.meta.dirname, 'admin-api.yaml')

export type AdminSchemaName =
  | 'AdminProductRequest'
  | 'AdminApiUserRequest'
  | 'AdminGiftCardRequest'
  | 'AdminSecretRotationRequest'
  | 'AdminTrackerAdvanceRequest'
  | 'AdminPromotionStatusRequest'
  | 'AdminInvitationRequest'
  | 'AdminRoleChangeRequest'
  | 'AdminPasswordChangeRequest'
  | 'AdminPasswordResetRequest'
  | 'AdminShopSettingsRequest'

// One set of admin schemas per process (fixed).
let adminSchemasCache: Promise<Record<string, JsonSchema>> | undefined

/** `admin-api.yaml`, dereferenced (its `$ref`s into the contract resolved); loaded once per process. */
export function loadAdminSchemas(): Promise<Record<string, JsonSchema>> {
  adminSchemasCache ??= (async () => {
    const document = (await loadDereferencedDocument(adminApiDocument)) as {
      components: { schemas: Record<string, JsonSchema> }
    }
    return document.components.schemas
  })()
  return adminSchemasCache
}

/** The JSON request body schema of a contract operation. */
export function operationBodySchema(contract: Contract, operationId: string): JsonSchema {
  const operation = contract.operations.find((op) => op.operationId === operationId)
  const schema = operation?.requestBody?.content['application/json']
  if (!schema) throw new Error(`The contract has no JSON request body for ${operationId}`)
  return schema
}

/** The query parameters of a contract operation as one object schema (credentials excluded). */
export function operationQuerySchema(contract: Contract, operationId: string): JsonSchema {
  const operation = contract.operations.find((op) => op.operationId === operationId)
  if (!operation) throw new Error(`The contract has no operation ${operationId}`)
  const parameters = operation.parameters.filter((p) => p.in === 'query')
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema ?? {}])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
  }
}

/** Checks a request body; answers it typed, or throws 400 REQUEST_VALIDATION_FAILED naming every field. */
export type BodyParser = <T>(body: unknown) => T

/** Checks (and coerces, as the open API does) a query string; 400 naming every bad parameter. */
export type QueryParser = <T>(query: unknown) => T

function parserOf(validate: ValidateFunction, location: 'body' | 'query') {
  return <T>(value: unknown): T => {
    const input = value ?? (location === 'query' ? {} : value)
    if (input === undefined || input === null) {
      throw validationError([
        { location: 'body', field: '', rule: 'required', message: 'a JSON request body is required' },
      ])
    }
    if (!validate(input)) {
      throw validationError(toValidationIssues((validate.errors ?? []).map((error) => ({ location, error }))))
    }
    return input as T
  }
}

export function bodyParser(schema: JsonSchema): BodyParser {
  return parserOf(compileSchema(schema, 'body'), 'body')
}

export function queryParser(schema: JsonSchema): QueryParser {
  return parserOf(compileSchema(schema, 'parameters'), 'query')
}

/** The validated query of operation `K`, typed from the contract (the admin lists what the open API lists). */
function operationQueryParser<K extends OperationId>(contract: Contract, operationId: K): (query: unknown) => Query<K> {
  const parse = queryParser(operationQuerySchema(contract, operationId))
  return (query) => parse<Query<K>>(query)
}

/** The validated body of operation `K`, typed from the contract. */
function operationBodyParser<K extends OperationId>(contract: Contract, operationId: K): (body: unknown) => Body<K> {
  const parse = bodyParser(operationBodySchema(contract, operationId))
  return (body) => parse<Body<K>>(body)
}

/** Every parser the admin routes use, compiled once per app. */
export async function createAdminParsers(contract: Contract) {
  const admin = await loadAdminSchemas()
  const adminBody = (name: AdminSchemaName) => {
    const schema = admin[name]
    if (!schema) throw new Error(`admin-api.yaml has no schema ${name}`)
    return bodyParser(schema)
  }
  // An operation whose query is `page` and `size` only (listPromotions also has `codes`).
  return {
    page: operationQueryParser(contract, 'listDonations'),
    products: operationQueryParser(contract, 'listProducts'),
    orders: operationQueryParser(contract, 'listOrders'),
    webhookEvents: operationQueryParser(contract, 'listWebhookEvents'),
    product: adminBody('AdminProductRequest'),
    availability: operationBodyParser(contract, 'setProductAvailability'),
    apiUser: adminBody('AdminApiUserRequest'),
    giftCard: adminBody('AdminGiftCardRequest'),
    secretRotation: adminBody('AdminSecretRotationRequest'),
    trackerAdvance: adminBody('AdminTrackerAdvanceRequest'),
    promotionStatus: adminBody('AdminPromotionStatusRequest'),
    invitation: adminBody('AdminInvitationRequest'),
    roleChange: adminBody('AdminRoleChangeRequest'),
    passwordChange: adminBody('AdminPasswordChangeRequest'),
    passwordReset: adminBody('AdminPasswordResetRequest'),
    shopSettings: adminBody('AdminShopSettingsRequest'),
    promotion: bodyParser(operationBodySchema(contract, 'createPromotion')),
    fulfillment: operationBodyParser(contract, 'createFulfillment'),
    webhookConfiguration: bodyParser(operationBodySchema(contract, 'createWebhookConfiguration')),
    testEvent: operationBodyParser(contract, 'sendWebhookTestEvent'),
  }
}

export type AdminParsers = Awaited<ReturnType<typeof createAdminParsers>>
