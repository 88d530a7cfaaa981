import { useEffect } from 'react'
import { useRouter } from '@tarojs/taro'
import { pageParam } from '../../../rules/page-params'
import { redirectError, savedReturnPath, useLogin } from '../../../store/auth/login'
import LoginReturn from '../../../components/auth/login-return'

/**
 * /login-callback?ticket=… (or ?error=…): the return of the username login / registration.
 * The one-time ticket is exchanged for the app's token (POST /api/auth/token); then the saved
 * screen, /onboarding after a registration, or /home — in place of this page.
 */
export default function LoginCallback() {
  const { params } = useRouter()
  const ticket = pageParam(params, 'ticket')
  const error = pageParam(params, 'error')

  useEffect(() => {
    const login = useLogin.getState()
    if (error) login.fail(redirectError(error))
    else if (ticket) login.completeTicket(ticket)
    else login.fail('missing')
  }, [ticket, error])

  return (
    <LoginReturn
      screen='loginCallback'
      retry={() => useLogin.getState().start('username-oidc', { mode: 'login', returnTo: savedReturnPath() })}
    />
  )
}
