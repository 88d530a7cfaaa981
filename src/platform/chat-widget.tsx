import { WebView } from '@tarojs/components'

export interface ChatWidgetProps {
  /** the widget's address, carrying the payload as URL-encoded query */
  src: string
  /** the frame's accessible title */
  title: string
  /** the label of the link that opens the widget in a window of its own (H5 only) */
  openOutsideLabel: string
}

/**
 * Mini-program: the chat widget in a WebView (H5: chat-widget.h5.tsx).
 * A real deployment must register the widget's domain as a business domain of the mini-program.
 */
export default function ChatWidget({ src }: ChatWidgetProps) {
  return <WebView src={src} />
}
