import '../../../store/membership/screens' // this screen's messages (H5 loads them with the page)
import { useEffect, useRef, useState } from 'react'
import { View, Text } from '@tarojs/components'
import type { DrawActivity, DrawResult } from '../../../../types/membership'
import Tappable, { tapProps } from '../../../components/tappable'
import { useT, useLocale } from '../../../store/locale'
import { drawNotices, drawRefusalNow, useDraws, wheelRotation } from '../../../store/membership/draws'
import { formatTimestamp, formatPoints } from '../../../rules/format'
import { ariaProps } from '../../../platform/a11y'
import { prefersReducedMotion } from '../../../platform/motion'
import { MemberPage } from '../../../components/membership/member-gate'
import { useMemberState } from '../../../components/membership/member-state'
import { titledScreen } from '../../../components/page-shell/titled-screen'
import './index.scss'

/**
 * Lucky draws (issue 13): the lucky draw, the blind box and the wheel. The server decides each draw
 * (POST /membership/draws/:id/draw); this screen only animates to the prize it returned: the wheel
 * spins about 3 s and stops on the returned segment, the box shakes then opens. With
 * prefers-reduced-motion the prize shows at once.
 */
export default titledScreen(MemberPage, 'play.screen.luckyDraw', Draws)

const SPIN_MS = 3000

function Draws() {
  const t = useT()
  const { activities, selectedId, balance } = useDraws()
  const state = useMemberState(useDraws, 'play', 'ld-state', activities.length > 0, { body: t('play.draw.empty') })
  if (state) return state
  const current = activities.find((a) => a.id === selectedId) ?? activities[0]
  return (
    <View className='ld'>
      <View className='ld-top'>
        <Text className='ld-balance' data-testid='balance'>
          {t('play.balance', { points: formatPoints(balance) })}
        </Text>
        <Tappable className='ld-top__link' to={{ route: 'giftBag' }}>
          {t('play.screen.giftBag')}
        </Tappable>
      </View>
      <View className='ld-tabs' {...ariaProps('tablist', { label: t('play.draw.activities') })}>
        {activities.map((a) => (
          <View
            key={a.id}
            className={`ld-tab${a.id === current.id ? ' ld-tab--on' : ''}`}
            data-id={a.id}
            {...tapProps(() => useDraws.getState().select(a.id), { role: 'tab', selected: a.id === current.id })}
          >
            <Text className='ld-tab__kind'>{t(`play.draw.kind.${a.kind}`)}</Text>
            <Text className='ld-tab__name'>{a.name}</Text>
            <Text className={`ld-tab__status ld-tab__status--${a.status}`}>{t(`play.draw.status.${a.status}`)}</Text>
          </View>
        ))}
      </View>
      <Activity key={current.id} activity={current} />
    </View>
  )
}

function Activity({ activity: a }: { activity: DrawActivity }) {
  const t = useT()
  const country = useLocale((s) => s.country)
  const { drawing, result, refusal, balance } = useDraws()
  // what the game shows: the last answer, revealed once the animation has run
  const [rotation, setRotation] = useState(0)
  const [phase, setPhase] = useState<'idle' | 'spinning' | 'shown'>('idle')
  const [shown, setShown] = useState<DrawResult | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])

  const left = Math.max(0, a.periodLimit - a.usedInPeriod)
  const running = a.status === 'running'
  const busy = drawing || phase === 'spinning'
  // a running activity the member cannot draw in now (limits reached, points short): said before any call
  const refusedNow = running && !busy ? drawRefusalNow(a, balance) : null
  const go = async () => {
    if (busy) return
    setShown(null)
    setPhase('spinning')
    const r = await useDraws.getState().draw()
    if (!r) {
      setPhase('idle')
      return
    }
    const reduced = prefersReducedMotion()
    if (a.kind === 'wheel')
      setRotation((from) =>
        wheelRotation(
          from,
          a.prizes.findIndex((p) => p.id === r.prize.id),
          a.prizes.length,
        ),
      )
    timer.current = setTimeout(
      () => {
        setShown(r)
        setPhase('shown')
      },
      reduced ? 0 : a.kind === 'lucky' ? SPIN_MS / 2 : SPIN_MS,
    )
  }
  const actionKey = a.kind === 'wheel' ? 'play.draw.spin' : a.kind === 'blind_box' ? 'play.draw.open' : 'play.draw.go'
  const won = shown && result && shown.drawId === result.drawId ? shown : null
  // the prize first, then the limit it reached (a refusal of the tap itself comes first, as an alert)
  const notices = drawNotices(refusal, refusedNow, won !== null)

  return (
    <View
      className={`ld-act ld-act--${a.kind}`}
      data-activity={a.id}
      data-status={a.status}
      {...ariaProps('region', { label: a.name })}
    >
      <Text className='ld-act__name' {...ariaProps('heading', { level: '2' })}>
        {a.name}
      </Text>
      <Text className='ld-act__meta'>
        {t('play.draw.window', { start: formatTimestamp(a.startAt, country), end: formatTimestamp(a.endAt, country) })}
      </Text>
      <View className='ld-act__facts'>
        <Text className='ld-fact'>{t('play.draw.cost', { points: formatPoints(a.pointsPerDraw) })}</Text>
        <Text className='ld-fact' data-testid='left'>
          {t(`play.draw.left.${a.period}`, { left, limit: a.periodLimit })}
        </Text>
        <Text className='ld-fact'>{t('play.draw.total', { used: a.usedTotal, limit: a.totalLimit })}</Text>
      </View>

      {a.kind === 'wheel' && (
        <Wheel activity={a} rotation={rotation} spinning={phase === 'spinning'} winner={won?.prize.id ?? null} />
      )}
      {a.kind === 'blind_box' && <BlindBox phase={phase} prize={won?.prize.name ?? null} />}
      {a.kind === 'lucky' && <Grid activity={a} winner={won?.prize.id ?? null} spinning={phase === 'spinning'} />}

      <Tappable
        className={`ld-go${!running || busy || refusedNow ? ' ld-go--off' : ''}`}
        onTap={go}
        disabled={!running || busy || refusedNow !== null}
      >
        {busy
          ? t('play.draw.drawing')
          : running
            ? t(actionKey, { points: formatPoints(a.pointsPerDraw) })
            : t(`play.draw.status.${a.status}`)}
      </Tappable>

      <View className='ld-live' {...ariaProps(undefined, { live: 'polite' })}>
        {notices.alert && (
          <Text className='ld-refusal' data-testid='refusal' {...ariaProps('alert')}>
            {notices.alert}
          </Text>
        )}
        {won && (
          <View
            className={`ld-result ld-result--${won.prize.kind}`}
            data-testid='result'
            data-prize-kind={won.prize.kind}
          >
            <Text className='ld-result__title'>
              {won.prize.kind === 'none' ? t('play.draw.thanks') : t('play.draw.won', { prize: won.prize.name })}
            </Text>
            {won.prize.kind === 'points' && (
              <Text className='ld-result__body'>
                {t('play.draw.wonPoints', { points: formatPoints(won.prize.points ?? 0) })}
              </Text>
            )}
            {won.prizeOrder && (
              <>
                <Text className='ld-result__body'>{t('play.draw.wonGift')}</Text>
                <Tappable className='ld-result__link' to={{ route: 'giftBag' }}>
                  {t('play.draw.toGiftBag')}
                </Tappable>
              </>
            )}
          </View>
        )}
        {notices.note && (
          <Text className='ld-refusal ld-refusal--after' data-testid='refusal'>
            {notices.note}
          </Text>
        )}
      </View>

      <View className='ld-section'>
        <Text className='ld-section__title' {...ariaProps('heading', { level: '3' })}>
          {t('play.draw.prizes')}
        </Text>
        <View className='ld-prizes' {...ariaProps('list')}>
          {a.prizes.map((p) => (
            <View key={p.id} className={`ld-prize${p.available ? '' : ' ld-prize--gone'}`} {...ariaProps('listitem')}>
              <Text className='ld-prize__name'>{p.name}</Text>
              {!p.available && <Text className='ld-prize__gone'>{t('play.draw.gone')}</Text>}
            </View>
          ))}
        </View>
      </View>
      <View className='ld-section'>
        <Text className='ld-section__title' {...ariaProps('heading', { level: '3' })}>
          {t('play.draw.rules')}
        </Text>
        <Text className='ld-rules'>{a.rules}</Text>
      </View>
    </View>
  )
}

const SEG_COLOURS = ['#e3effa', '#fff1dc', '#e6f4ea', '#fbe7ea']

function Wheel({
  activity: a,
  rotation,
  spinning,
  winner,
}: {
  activity: DrawActivity
  rotation: number
  spinning: boolean
  winner: number | null
}) {
  const t = useT()
  const n = a.prizes.length
  const seg = 360 / n
  const stops = a.prizes
    .map((_, i) => `${SEG_COLOURS[i % SEG_COLOURS.length]} ${i * seg}deg ${(i + 1) * seg}deg`)
    .join(', ')
  return (
    <View className='ld-wheel' {...ariaProps('img', { label: t('play.draw.wheelLabel', { count: String(n) }) })}>
      <View className='ld-wheel__pointer' />
      <View
        className={`ld-wheel__disc${spinning ? ' ld-wheel__disc--spinning' : ''}`}
        data-rotation={String(rotation)}
        style={{ transform: `rotate(${rotation}deg)`, backgroundImage: `conic-gradient(${stops})` }}
      >
        {a.prizes.map((p, i) => (
          <View
            key={p.id}
            className={`ld-wheel__label${winner === p.id ? ' ld-wheel__label--won' : ''}`}
            style={{ transform: `rotate(${i * seg + seg / 2}deg)` }}
          >
            <Text className='ld-wheel__text'>{p.name}</Text>
          </View>
        ))}
      </View>
      <View className='ld-wheel__hub' />
    </View>
  )
}

function BlindBox({ phase, prize }: { phase: 'idle' | 'spinning' | 'shown'; prize: string | null }) {
  const t = useT()
  const open = phase === 'shown' && prize !== null
  return (
    <View
      className={`ld-box${phase === 'spinning' ? ' ld-box--shaking' : ''}${open ? ' ld-box--open' : ''}`}
      data-phase={phase}
    >
      <View className='ld-box__lid' />
      <View className='ld-box__body'>
        <Text className='ld-box__text'>{open ? prize : t('play.draw.box')}</Text>
      </View>
    </View>
  )
}

function Grid({ activity: a, winner, spinning }: { activity: DrawActivity; winner: number | null; spinning: boolean }) {
  return (
    <View className={`ld-grid${spinning ? ' ld-grid--spinning' : ''}`}>
      {a.prizes.map((p) => (
        <View key={p.id} className={`ld-grid__cell${winner === p.id ? ' ld-grid__cell--won' : ''}`}>
          <Text className='ld-grid__name'>{p.name}</Text>
        </View>
      ))}
    </View>
  )
}
