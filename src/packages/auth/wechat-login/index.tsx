import { useEffect } from 'react'
import { useRouter } from '@tarojs/taro'
import { pageParam } from '../../../rules/page-params'
import { safeReturnPath, savedReturnPath, useLogin, wechatFlow } from '../../../store/auth/login'
import LoginReturn from '../../../components/auth/login-return'

/**
 * /wechat-login?openid&jwt&returnTo (or ?error=wechat): the return of WeChat's in-app OAuth or QR
 * page. The openid and the server's signature are exchanged for the app's token
 * (POST /api/wechat/login/token); then the saved screen or /home. On failure the toast and message
 * 'wechat login failure' (spec section 4), with a retry.
 */
export default function WechatLogin() {
  const { params } = useRouter()
  const openid = pageParam(params, 'openid')
  const jwt = pageParam(params, 'jwt')
  const returnTo = safeReturnPath(pageParam(params, 'returnTo'))
  const error = pageParam(params, 'error')

  useEffect(() => {
    const login = useLogin.getState()
    if (!error && openid && jwt) login.completeWechat(openid, jwt, returnTo)
    else login.fail('wechat')
  }, [openid, jwt, returnTo, error])

  const flow = wechatFlow()
  return (
    <LoginReturn
      screen='wechatLogin'
      retry={flow ? () => useLogin.getState().start(flow, { returnTo: returnTo ?? savedReturnPath() }) : undefined}
    />
  )
}
