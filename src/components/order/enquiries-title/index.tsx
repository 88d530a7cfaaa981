import { useState } from 'react'
import { View, Text } from '@tarojs/components'
import { tapProps } from '../../tappable'
import { useT } from '../../../store/locale'
import { ariaProps } from '../../../platform/a11y'
import './index.scss'

/**
 * The title 'My request' with its info button (spec section 2: "An info tooltip beside the title
 * 'My request' explains online chat queries"): a real button named "About My request" that shows and
 * hides the explanation.
 */
export default function EnquiriesTitle() {
  const t = useT()
  const [open, setOpen] = useState(false)
  return (
    <View className='rq-title'>
      <View className='rq-title__row'>
        <Text className='rq-title__text' {...ariaProps('heading', { level: '1' })}>
          {t('acct.menu.enquiries')}
        </Text>
        <View
          className='rq-title__info'
          {...tapProps(() => setOpen(!open), { label: t('acct.menu.infoLabel'), selected: open })}
        >
          ?
        </View>
      </View>
      {open && (
        <View className='rq-title__tooltip' {...ariaProps('tooltip')} onClick={() => setOpen(false)}>
          <Text>{t('acct.menu.enquiriesInfo')}</Text>
        </View>
      )}
    </View>
  )
}
