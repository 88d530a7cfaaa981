import type { ReactNode } from 'react'
import { View, Text, Button } from '@tarojs/components'
import { AtActivityIndicator } from 'taro-ui'
import Tappable, { tapProps, type TappableProps } from '../tappable'

/** the one action of a state panel: a retry (onTap) or a link to another page (to) */
export interface StateAction {
  label: string
  onTap?: () => void
  to?: TappableProps['to']
}

export interface StatePanelProps {
  /** the panel's BEM block (e.g. 'od-state'): its parts are `${block}__title`, `__body`, `__error`, `__button` */
  block: string
  /** more classes on the panel (e.g. 'od-not-found') */
  className?: string
  /** the lines that say what happened, in this order, each shown when given: the title, the body, the error, a plain line */
  title?: ReactNode
  body?: ReactNode
  error?: ReactNode
  text?: ReactNode
  /** Retry (or a link elsewhere) */
  action?: StateAction
  /** the action is a Taro Button (the screens whose button was drawn as one keep its look) */
  button?: boolean
  /** after the action (e.g. a second link) */
  children?: ReactNode
}

/**
 * A screen's (or a block's) state in one place: what failed (or was not found, or is empty) and one
 * action, usually Retry. Each screen keeps its own block, so its look and the class names tests pick
 * it by stay; the shared `retry-state` and `state-card` mixins of styles/mixins.scss draw most of them.
 */
export default function StatePanel({
  block,
  className,
  title,
  body,
  error,
  text,
  action,
  button,
  children,
}: StatePanelProps) {
  const line = (part: string, value: ReactNode) =>
    value !== undefined && <Text className={`${block}__${part}`}>{value}</Text>
  return (
    <View className={className ? `${block} ${className}` : block}>
      {line('title', title)}
      {line('body', body)}
      {line('error', error)}
      {text !== undefined && <Text>{text}</Text>}
      {action && <ActionButton block={block} action={action} button={button} />}
      {children}
    </View>
  )
}

function ActionButton({ block, action, button }: { block: string; action: StateAction; button?: boolean }) {
  const className = `${block}__button`
  if (action.to)
    return (
      <Tappable className={className} to={action.to}>
        {action.label}
      </Tappable>
    )
  return button ? (
    <Button className={className} {...tapProps(action.onTap)}>
      {action.label}
    </Button>
  ) : (
    <View className={className} {...tapProps(action.onTap)}>
      {action.label}
    </View>
  )
}

/** The spinner with its message while a screen (or a block) loads, in the state box `className`. */
export function LoadingPanel({ className, message }: { className: string; message: string }) {
  return (
    <View className={className}>
      <AtActivityIndicator content={message} />
    </View>
  )
}
