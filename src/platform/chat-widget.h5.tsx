import { View } from '@tarojs/components'
import type { ChatWidgetProps } from './chat-widget'

/**
 * H5: the chat widget embedded in an iframe, with a real link that opens it in a window of its own
 * where a browser blocks third-party frames.
 */
export default function ChatWidget({ src, title, openOutsideLabel }: ChatWidgetProps) {
  return (
    <View className='chat-widget'>
      <iframe className='chat-widget__frame' src={src} title={title} allow='clipboard-write' />
      <a className='chat-widget__outside' href={src} target='_blank' rel='noopener noreferrer'>
        {openOutsideLabel}
      </a>
    </View>
  )
}
