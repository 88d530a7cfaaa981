import '../../../store/membership/screens' // this screen's messages (H5 loads them with the page)
import { useState } from 'react'
import { View, Text, Input } from '@tarojs/components'
import type { InvitationActivity } from '../../../../types/membership'
import Tappable from '../../../components/tappable'
import { useT, useLocale } from '../../../store/locale'
import { useInvitations } from '../../../store/membership/invitations'
import { showToast } from '../../../store/toast'
import { formatTimestamp, formatPoints } from '../../../rules/format'
import { ariaProps, fieldLabelProps } from '../../../platform/a11y'
import { copyText } from '../../../platform/clipboard'
import { MemberPage } from '../../../components/membership/member-gate'
import { useMemberState } from '../../../components/membership/member-state'
import { titledScreen } from '../../../components/page-shell/titled-screen'
import './index.scss'

/**
 * Referral, invite for gifts (spec §2, the profile tab): the member's invitation code per activity,
 * copy/share, the rules and the invited list with rewards; and the field where a new user enters a
 * colleague's code (spec §8's invitation refusals show as their localized texts).
 */
export default titledScreen(MemberPage, 'play.screen.referral', Referral)

function Referral() {
  const t = useT()
  const { activities } = useInvitations()
  const state = useMemberState(useInvitations, 'play', 'pl-state', activities.length > 0, { body: t('play.ref.empty') })
  if (state) return state
  return (
    <View className='pl'>
      {activities.map((a) => (
        <Activity key={a.id} activity={a} />
      ))}
    </View>
  )
}

function Activity({ activity: a }: { activity: InvitationActivity }) {
  const t = useT()
  const country = useLocale((s) => s.country)
  const [code, setCode] = useState('')
  const [message, setMessage] = useState<string | null>(null)
  const submitting = useInvitations((s) => s.submitting)
  const copy = async () => {
    const ok = await copyText(t('play.ref.share', { code: a.code }))
    if (ok) showToast(t('play.ref.copied'))
  }
  const submit = async () => {
    if (!code.trim()) return
    const r = await useInvitations.getState().redeem(a.id, code)
    if ('message' in r) setMessage(r.message)
    else {
      setMessage(null)
      setCode('')
      showToast(t('play.ref.earned', { points: formatPoints(r.points) }))
    }
  }
  return (
    <View className='rf' data-activity={a.id} {...ariaProps('region', { label: a.name })}>
      <Text className='rf__name' {...ariaProps('heading', { level: '2' })}>
        {a.name}
      </Text>
      <View className='rf-code'>
        <Text className='rf-code__label'>{t('play.ref.code')}</Text>
        <Text className='rf-code__value' data-testid='invite-code'>
          {a.code}
        </Text>
        <Tappable
          className='rf-code__copy'
          onTap={copy}
          label={t('play.ref.copyLabel', { code: a.code.split('').join(' ') })}
        >
          {t('play.ref.copy')}
        </Tappable>
      </View>
      <Text className='rf__meta'>{t('play.ref.rewards', { inviter: a.inviterPoints, invitee: a.inviteePoints })}</Text>
      <Text className='rf__meta'>{t('play.ref.uses', { uses: a.uses, limit: a.useLimit })}</Text>

      <Text className='rf__title' {...ariaProps('heading', { level: '3' })}>
        {t('play.ref.rules')}
      </Text>
      <Text className='rf__rules'>{a.rules}</Text>

      <Text className='rf__title' {...ariaProps('heading', { level: '3' })}>
        {t('play.ref.invited')}
      </Text>
      {a.invited.length === 0 && <Text className='rf__meta'>{t('play.ref.none')}</Text>}
      <View {...ariaProps('list')}>
        {a.invited.map((v, i) => (
          <View key={`${v.at}-${i}`} className='rf-invited' {...ariaProps('listitem')}>
            <Text className='rf-invited__name'>{v.name}</Text>
            <Text className='rf-invited__at'>{formatTimestamp(v.at, country)}</Text>
            <Text className='rf-invited__points'>{t('play.task.points', { points: formatPoints(v.points) })}</Text>
          </View>
        ))}
      </View>

      {a.joinedWith && <Text className='rf__joined'>{t('play.ref.joined', { code: a.joinedWith })}</Text>}
      {!a.joinedWith && !a.canEnterCode && <Text className='rf__not-new'>{t('play.ref.notNew')}</Text>}
      {!a.joinedWith && a.canEnterCode && (
        <View className='rf-enter'>
          <Text className='rf__title' {...ariaProps('heading', { level: '3' })}>
            {t('play.ref.enterTitle')}
          </Text>
          <Input
            className='rf-enter__input'
            value={code}
            maxlength={16}
            placeholder={t('play.ref.codeLabel')}
            {...fieldLabelProps(t('play.ref.codeLabel'))}
            onInput={(e) => setCode(e.detail.value)}
            onConfirm={() => submit()}
          />
          <Tappable className='rf-enter__submit' onTap={submit} disabled={submitting || !code.trim()}>
            {t('play.ref.submit')}
          </Tappable>
          {message && (
            <Text className='rf-enter__error' data-testid='invite-error' {...ariaProps('alert')}>
              {message}
            </Text>
          )}
        </View>
      )}
    </View>
  )
}
