import type { ReactNode } from 'react'
import type { RouteName } from '../../routes'

/**
 * Wraps the body of a login-only screen (spec section 6). Renders children only for a logged-in
 * user; otherwise the prompt 'Please login for better experience' with the login buttons, or a
 * redirect (the ship-to list goes to /non-logged/MyAccount). STUB: filled in by issue 4's login work.
 */
export interface LoginGateProps {
  children: ReactNode
  /** redirect here (replace) instead of prompting when there is no token */
  redirectTo?: RouteName
}
export default function LoginGate({ children }: LoginGateProps) {
  return <>{children}</>
}
