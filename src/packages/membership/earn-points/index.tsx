import '../../../store/membership/screens' // this screen's messages (H5 loads them with the page)
import { View, Text } from '@tarojs/components'
import type { Task } from '../../../../types/membership'
import Tappable from '../../../components/tappable'
import { useT } from '../../../store/locale'
import { useTasks } from '../../../store/membership/tasks'
import { showToast } from '../../../store/toast'
import { ariaProps } from '../../../platform/a11y'
import { MemberPage } from '../../../components/membership/member-gate'
import { useMemberState } from '../../../components/membership/member-state'
import { titledScreen } from '../../../components/page-shell/titled-screen'
import { formatPoints } from '../../../rules/format'
import './index.scss'

/**
 * Earn points by tasks (spec §2, the profile tab). The server verifies each task from the member's
 * data and credits it once per period; daily check-in is claimed directly.
 */
export default titledScreen(MemberPage, 'play.screen.earnPoints', Tasks)

function Tasks() {
  const t = useT()
  const { list } = useTasks()
  const state = useMemberState(useTasks, 'play', 'pl-state', !!list)
  if (!list) return state
  return (
    <View className='pl'>
      <View className='pl-top'>
        <Text className='pl-balance' data-testid='balance'>
          {t('play.balance', { points: formatPoints(list.balance) })}
        </Text>
        <Tappable className='pl-top__link' to={{ route: 'luckyDraw' }}>
          {t('play.task.toDraws')}
        </Tappable>
      </View>
      <View {...ariaProps('list')}>
        {list.tasks.map((task) => (
          <TaskRow key={task.code} task={task} />
        ))}
      </View>
    </View>
  )
}

function TaskRow({ task }: { task: Task }) {
  const t = useT()
  const claiming = useTasks((s) => s.claiming === task.code)
  const name = t(`play.task.name.${task.code}`)
  const claim = async () => {
    const r = await useTasks.getState().claim(task.code)
    if (r && 'message' in r) showToast(r.message)
    else if (r && r.points) showToast(t('play.task.credited', { points: formatPoints(r.points) }))
  }
  return (
    <View
      className={`pl-row pl-row--${task.state}`}
      data-task={task.code}
      data-state={task.state}
      {...ariaProps('listitem')}
    >
      <View className='pl-row__body'>
        <Text className='pl-row__title'>{name}</Text>
        <Text className='pl-row__meta'>{t(`play.task.desc.${task.code}`)}</Text>
        <View className='pl-row__tags'>
          <Text className='pl-tag'>{t(`play.task.period.${task.period}`)}</Text>
          <Text className='pl-tag pl-tag--points'>{t('play.task.points', { points: formatPoints(task.points) })}</Text>
        </View>
      </View>
      {task.state === 'done' && <Text className='pl-row__done'>{t('play.task.done')}</Text>}
      {task.state === 'claimable' && (
        <Tappable
          className='pl-row__action'
          onTap={claim}
          disabled={claiming}
          label={t('play.task.claimLabel', { points: formatPoints(task.points), task: name })}
        >
          {task.code === 'checkin' ? t('play.task.checkinButton') : t('play.task.claim')}
        </Tappable>
      )}
      {task.state === 'todo' && <Text className='pl-row__todo'>{t('play.task.todo')}</Text>}
    </View>
  )
}
