import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { ErrorCode } from '../types'

/** An error that is safe to show: its code, message and status go to the client as is. */
export class ApiError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    message: string,
    /** a machine-readable business reason (types/envelope.ts ErrorReason), e.g. ADDRESS_UNDER_REVIEW */
    public readonly reason?: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export const ok = <T>(data: T) => ({ success: true as const, code: '200' as const, message: 'ok', data })

export const errorBody = (statusCode: number, code: ErrorCode, message: string, reason?: string) => ({
  success: false as const,
  code,
  message,
  statusCode,
  ...(reason ? { reason } : {}),
})

/**
 * Fastify's `frameworkErrors`: the router could not decode the URL (FST_ERR_BAD_URL, e.g. %ED%A0%80) or a
 * path parameter is longer than maxParamLength (FST_ERR_MAX_PARAM_LENGTH, 414). Same envelope as every error.
 */
export function frameworkErrorReply(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400
  const message =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path parameter is too long'
      : 'The URL is not valid (bad percent-encoding)'
  return reply.status(status).send(errorBody(status, 'BAD_REQUEST', message))
}

/**
 * 503 SERVICE_UNAVAILABLE (issue 22 #28, #29): the database is not reachable (an outage, a restart, or an instance
 * still waiting for it at start). Not a bug: no stack is logged, the client is told when to try again.
 */
export const UNAVAILABLE_RETRY_AFTER_S = 1
export function unavailableBody(language: 'en' | 'zh') {
  const message =
    language === 'en'
      ? 'The service is temporarily unavailable. Please try again in a moment.'
      : '服务暂时不可用，请稍后再试。'
  return errorBody(503, 'SERVICE_UNAVAILABLE', message)
}
