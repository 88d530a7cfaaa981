import { View, Text } from '@tarojs/components'
import { AtActivityIndicator } from 'taro-ui'
import { ariaProps } from '../../platform/a11y'
import './index.scss'

/** A full-screen overlay with a spinner and a message; nothing under it can be tapped while it shows. */
export default function FullScreenLoader({ message }: { message: string }) {
  return (
    <View className='fs-loader' {...ariaProps('alert', { busy: 'true', live: 'assertive' })}>
      <View className='fs-loader__box'>
        <AtActivityIndicator size={48} color='#0b5fa5' />
        <Text className='fs-loader__text'>{message}</Text>
      </View>
    </View>
  )
}
