import type { AuthProvider } from 'react-admin'
import type { Permission } from '../../../types/staff/permissions'
import { API_BASE, staffHeaders } from '../api/client'
import { currentToken, forgetToken } from '../api/token'
import { forgetMe, staffMe } from './me'

/**
 * react-admin's auth provider over the staff sign-in (issue 24): the sign-in itself happens at the issuer and on
 * the console's /signin-callback (SignInCallback.tsx); here the console learns who is signed in (GET /admin/me),
 * what their roles allow (the menu and every screen ask canAccess) and signs out (POST /staff-auth/signout ends
 * every token of the member). The server still refuses what a role does not allow: canAccess only hides it.
 */
export function createAuthProvider(permissionOf: (resource: string) => Permission | undefined): AuthProvider {
  return {
    login: () => Promise.resolve(),
    logout: async () => {
      if (currentToken()) {
        await fetch(`${API_BASE}/staff-auth/signout`, {
          method: 'POST',
          headers: staffHeaders(true),
          body: '{}',
        }).catch(() => undefined)
      }
      forgetToken()
      forgetMe()
    },
    checkAuth: () => (currentToken() ? Promise.resolve() : Promise.reject({ message: false })),
    checkError: (error: { status?: number }) => {
      if (error?.status === 401) {
        forgetToken()
        forgetMe()
        return Promise.reject({ message: 'admin.auth.expired' })
      }
      // 403 and the rest: shown where they happen, the member stays signed in
      return Promise.resolve()
    },
    getIdentity: async () => {
      const me = await staffMe()
      return { id: me.id, fullName: me.displayName }
    },
    getPermissions: async () => (await staffMe()).permissions,
    canAccess: async ({ resource }) => {
      const needed = permissionOf(resource)
      if (!needed) return true
      const me = await staffMe().catch(() => null)
      return !!me?.permissions.includes(needed)
    },
  }
}
