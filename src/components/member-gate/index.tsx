import type { ReactNode } from 'react'
import { View, Text } from '@tarojs/components'
import LoginGate from '../login-gate'
import { useSession } from '../../store/session'
import { useT } from '../../store/locale'
import { ariaProps } from '../../platform/a11y'
import './index.scss'

/**
 * The play screens' gate (issue 13): login needed (spec §9), and "Distributor, agent and special
 * accounts are blocked from the membership centre" — they see 'member.blocked' instead of the screen
 * (the server refuses them too, 403 MEMBERSHIP_BLOCKED).
 */
export default function PlayGate({ children }: { children: ReactNode }) {
  return <LoginGate><Blocked>{children}</Blocked></LoginGate>
}

function Blocked({ children }: { children: ReactNode }) {
  const t = useT()
  const blocked = useSession((s) => s.userInfo?.userRoles.blackListed ?? false)
  if (blocked) {
    return (
      <View className='play-blocked' {...ariaProps('alert')}>
        <Text className='play-blocked__text'>{t('member.blocked')}</Text>
      </View>
    )
  }
  return <>{children}</>
}
