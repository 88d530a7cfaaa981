import type { ReactNode } from 'react'
import { View, Text } from '@tarojs/components'
import { useSession } from '../../../store/auth/session'
import { useT } from '../../../store/locale'
import { navigation } from '../../../platform/navigation'
import { ariaProps } from '../../../platform/a11y'
import LoginGate from '../../auth/login-gate'
import PageShell from '../../page-shell'
import { tapProps } from '../../tappable'
import './index.scss'

/**
 * Wraps a membership screen that needs a member (spec §9 "Login is required for ... points, gift
 * redemption, point detail, redemption record and feedback." "Distributor, agent and special accounts
 * are blocked from the membership centre."): a visitor is asked to log in (LoginGate); a black-listed
 * account (userRoles.blackListed) is told so ('member.blocked') instead of seeing the screen, and
 * nothing of the membership programme is requested for it.
 */
export default function MemberGate({ children }: { children: ReactNode }) {
  return (
    <LoginGate>
      <Member>{children}</Member>
    </LoginGate>
  )
}

/** A membership screen: the header with its title (the document's title too), behind the MemberGate. */
export function MemberPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageShell header={{ title }} title={title}>
      <MemberGate>{children}</MemberGate>
    </PageShell>
  )
}

function Member({ children }: { children: ReactNode }) {
  const t = useT()
  const blocked = useSession((s) => s.userInfo?.userRoles.blackListed ?? false)
  if (!blocked) return <>{children}</>
  return <MemberBlocked message={t('member.blocked')} />
}

/** The refusal itself (also shown when the server answers 403 MEMBERSHIP_BLOCKED). */
export function MemberBlocked({ message }: { message: string }) {
  const t = useT()
  return (
    <View className='member-blocked' {...ariaProps('alert')}>
      <Text className='member-blocked__title'>{t('member.blockedTitle')}</Text>
      <Text className='member-blocked__body'>{message}</Text>
      <View className='member-blocked__button' {...tapProps(() => navigation.go('my'))}>
        {t('member.backToMy')}
      </View>
    </View>
  )
}
