import { WebView } from '@tarojs/components'

/**
 * Mini-program: the chat widget in a WebView (its address carries the payload as URL-encoded query).
 * A real deployment must register the widget's domain as a business domain of the mini-program.
 */
export default function ChatWidget({ src }: { src: string }) {
  return <WebView src={src} />
}
