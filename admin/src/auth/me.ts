import type { StaffMe } from '../../../types/staff/endpoints'
import { adminCall } from '../api/client'
import { currentToken } from '../api/token'

/** The signed-in member (GET /api/admin/me), asked once per token. */
let cached: { token: string; me: Promise<StaffMe> } | null = null

export function staffMe(): Promise<StaffMe> {
  const token = currentToken()
  if (!token) return Promise.reject(Object.assign(new Error('not signed in'), { status: 401 }))
  if (cached?.token !== token) {
    const me = adminCall('me')
    cached = { token, me }
    me.catch(() => {
      if (cached?.me === me) cached = null
    })
  }
  return cached.me
}

export function forgetMe(): void {
  cached = null
}
