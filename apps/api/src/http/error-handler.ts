import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { DomainError, type ErrorDetails, validationError } from '../errors/domain-error.js'
import { type ErrorCode, errorStatus, statusOf } from '../errors/error-codes.js'
import { newRequestId } from '../ids.js'
import { bodyLimitBytes, JsonBodyError } from './json-body.js'

/**
 * The one place errors become HTTP responses: `{code, message, details?}` for every 4xx, and a
 * 5xx that names nothing internal (the request id lets an operator find the logged cause). Every
 * status is the code's in the table (errors/error-codes.ts), except `BAD_REQUEST`: the status of a
 * Fastify 4xx not otherwise mapped, passed through as Fastify gave it.
 */

const fastifyCodes: Record<string, { code: ErrorCode; message: string; details?: ErrorDetails }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request body as application/json.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'MALFORMED_JSON',
    message: 'The request body is empty but Content-Type is application/json.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'MALFORMED_JSON',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'BAD_CONTENT_LENGTH',
    message: 'Content-Length does not match the body.',
  },
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      const status = statusOf(error.code)
      if (status >= 500) request.log.error({ err: error }, 'domain error with 5xx status')
      reply.headers(error.headers)
      if (status === 499) return reply.code(499).send()
      return reply
        .code(status)
        .send({ code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) })
    }
    if (error instanceof JsonBodyError) {
      return reply
        .code(statusOf(error.code))
        .send({ code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) })
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // The route's own limit (an image upload takes more than a JSON body).
      const limitBytes = request.routeOptions.bodyLimit ?? bodyLimitBytes
      return reply.code(errorStatus.PAYLOAD_TOO_LARGE).send({
        code: 'PAYLOAD_TOO_LARGE',
        message: `The request body is larger than ${limitBytes} bytes.`,
        details: { limitBytes },
      })
    }
    const known = fastifyCodes[error.code]
    if (known) {
      return reply
        .code(statusOf(known.code))
        .send({ code: known.code, message: known.message, ...(known.details ? { details: known.details } : {}) })
    }
    if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
      return reply
        .code(errorStatus.MALFORMED_JSON)
        .send({ code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.' })
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ code: 'BAD_REQUEST', message: error.message })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.code(errorStatus.INTERNAL_ERROR).send({
      code: 'INTERNAL_ERROR',
      message: `Something went wrong on our side. Quote request id ${request.id} if you contact support.`,
    })
  })
}

/**
 * Errors Fastify raises while routing, before any hook runs — so without this they answer in
 * Fastify's own shape and without `Request-Id` (found by contract fuzzing, decision 0015): a path
 * that is not valid percent-encoded UTF-8 (`/order/%zz`) and a path parameter longer than the
 * router's bound. Both are invalid input: 400 `REQUEST_VALIDATION_FAILED`, which every operation
 * documents. Give it to Fastify as its `frameworkErrors` option.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('request-id', request.id)
  const issue =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? { rule: 'maxLength', message: 'has a segment longer than the server accepts' }
      : error.code === 'FST_ERR_BAD_URL'
        ? { rule: 'format', message: 'is not valid percent-encoded UTF-8' }
        : undefined
  if (!issue) {
    request.log.error({ err: error }, 'framework error')
    reply.code(errorStatus.INTERNAL_ERROR).send({
      code: 'INTERNAL_ERROR',
      message: `Something went wrong on our side. Quote request id ${request.id} if you contact support.`,
    })
    return
  }
  const invalid = validationError([{ location: 'path', field: '', ...issue }])
  reply.code(invalid.status).send({ code: invalid.code, message: invalid.message, details: invalid.details })
}

/**
 * Errors Node's HTTP server raises before there is a request to route — a client too slow to send
 * its headers or body (408), headers larger than the server reads (431), bytes that are not HTTP
 * (400) — answered in our shape with a Request-Id, then the connection is closed. Fastify's default
 * writes its own shape. Give it to Fastify as its `clientErrorHandler` option.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: import('node:net').Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, reason, body] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [
          errorStatus.REQUEST_TIMEOUT,
          'Request Timeout',
          { code: 'REQUEST_TIMEOUT', message: 'The request was not received in time.' },
        ]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [
            errorStatus.HEADERS_TOO_LARGE,
            'Request Header Fields Too Large',
            { code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large.' },
          ]
        : [
            errorStatus.MALFORMED_REQUEST,
            'Bad Request',
            { code: 'MALFORMED_REQUEST', message: 'The request is not valid HTTP/1.1.' },
          ]
  const json = JSON.stringify(body)
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nRequest-Id: ${newRequestId()}\r\nConnection: close\r\n\r\n${json}`,
    )
  }
  socket.destroy(error)
}
