import { View, Text } from '@tarojs/components'
import type { ChatWidgetProps } from './chat-widget'

/**
 * H5: the chat widget embedded in an iframe, with a link that opens it in a window of its own where
 * a browser blocks third-party frames.
 */
export default function ChatWidget({ src, title, openOutsideLabel }: ChatWidgetProps) {
  return (
    <View className='chat-widget'>
      <iframe className='chat-widget__frame' src={src} title={title} allow='clipboard-write' />
      <Text className='chat-widget__outside' onClick={() => window.open(src, '_blank', 'noopener')}>{openOutsideLabel}</Text>
    </View>
  )
}
