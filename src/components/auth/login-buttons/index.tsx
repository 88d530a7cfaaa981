import { useMemo } from 'react'
import { View, Button } from '@tarojs/components'
import { useT } from '../../../store/locale'
import { currentScreenPath, loginFlows, useLogin } from '../../../store/auth/login'
import type { LoginFlow } from '../../../rules/auth/user-agent'
import { tapProps } from '../../tappable'
import './index.scss'

/**
 * Login and Register buttons (and WeChat where the platform offers it), used by My, the sign-in
 * popup, the login gate and the non-logged page. In the mini-program only WeChat login.
 * The screen on display is saved as the return target when a button is pressed.
 */
export interface LoginButtonsProps {
  /** the app path to come back to after login; default: the current page */
  returnTo?: string
  /** smaller buttons, side by side (popup) */
  compact?: boolean
}

export default function LoginButtons({ returnTo, compact }: LoginButtonsProps) {
  const t = useT()
  const flows = useMemo(() => loginFlows(), [])
  const busy = useLogin((s) => s.phase === 'working')
  // the store ignores a second start while one is under way
  const start = (flow: LoginFlow, mode: 'login' | 'register' = 'login') => {
    useLogin.getState().start(flow, { mode, returnTo: returnTo ?? currentScreenPath() })
  }

  return (
    <View className={`login-buttons${compact ? ' login-buttons--compact' : ''}`}>
      {flows.map((flow) =>
        flow === 'username-oidc' ? (
          <View key={flow} className='login-buttons__pair'>
            <Button className='login-buttons__login' {...tapProps(() => start(flow))}>
              {t('auth.login')}
            </Button>
            <Button className='login-buttons__register' {...tapProps(() => start(flow, 'register'))}>
              {t('auth.register')}
            </Button>
          </View>
        ) : (
          <Button
            key={flow}
            className='login-buttons__wechat'
            data-flow={flow}
            loading={busy}
            {...tapProps(() => start(flow))}
          >
            {t('auth.wechatLogin')}
          </Button>
        ),
      )}
    </View>
  )
}
