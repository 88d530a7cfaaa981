/**
 * Login and Register buttons (and WeChat where the platform offers it), used by My, the sign-in
 * popup and the login gate. STUB: filled in by the login work of issue 4.
 */
export interface LoginButtonsProps {
  /** the app path to come back to after login; default: the current page */
  returnTo?: string
  /** smaller buttons, side by side (popup) */
  compact?: boolean
}
export default function LoginButtons(_props: LoginButtonsProps) {
  return null
}
