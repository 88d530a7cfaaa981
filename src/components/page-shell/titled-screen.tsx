import type { ComponentType, ReactNode } from 'react'
import type { MessageKey } from '../../i18n'
import { useT } from '../../store/locale'
import PageShell from './index'

/**
 * a page's frame that shows the page's title: DetailPage (components/detail-page), MemberPage
 * (components/membership/member-gate), HeaderPage
 */
export type TitledFrame = ComponentType<{ title: string; children: ReactNode }>

/**
 * A page (a subpackage's default export) that is its frame with the title `titleKey` around its body.
 * The body is a component of its own so that it mounts only once the frame lets it (a signed-in user,
 * a member), with its hooks and requests.
 */
export function titledScreen(Frame: TitledFrame, titleKey: MessageKey, Body: ComponentType) {
  return function TitledScreen() {
    const t = useT()
    return (
      <Frame title={t(titleKey)}>
        <Body />
      </Frame>
    )
  }
}

/** the page shell with the title in its header, open to every visitor */
export function HeaderPage({ title, children }: { title: string; children: ReactNode }) {
  return <PageShell header={{ title }}>{children}</PageShell>
}
