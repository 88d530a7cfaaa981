import type { ErrorCode } from '../types'

/** An error that is safe to show: its code, message and status go to the client as is. */
export class ApiError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export const ok = <T>(data: T) => ({ success: true as const, code: '200' as const, message: 'ok', data })

export const errorBody = (statusCode: number, code: ErrorCode, message: string) => ({
  success: false as const,
  code,
  message,
  statusCode,
})
