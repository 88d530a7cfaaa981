import { View, Text } from '@tarojs/components'
import { useT } from '../../../store/locale'

/**
 * H5: the chat widget embedded in an iframe (its address carries the payload as URL-encoded query),
 * with a link that opens it in a window of its own where a browser blocks third-party frames.
 */
export default function ChatWidget({ src }: { src: string }) {
  const t = useT()
  return (
    <View className='chat-widget'>
      <iframe className='chat-widget__frame' src={src} title={t('screen.chat')} allow='clipboard-write' />
      <Text className='chat-widget__outside' onClick={() => window.open(src, '_blank', 'noopener')}>{t('svc.chat.openOutside')}</Text>
    </View>
  )
}
