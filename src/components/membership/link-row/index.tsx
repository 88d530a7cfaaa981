import { View } from '@tarojs/components'
import type { RouteName } from '../../../../types/routes'
import type { MessageKey } from '../../../i18n'
import { useT } from '../../../store/locale'
import Tappable from '../../tappable'

/** a link of the row: its class modifier, the screen it opens, its words */
export interface RowLink {
  mod: string
  route: RouteName
  label: MessageKey
}

/**
 * A row of links to the other screens of the gift centre (point detail, rules, redemption record …):
 * the row `className`, each link `${link} ${link}--${mod}`.
 */
export default function LinkRow({ className, link, links }: { className: string; link: string; links: RowLink[] }) {
  const t = useT()
  return (
    <View className={className}>
      {links.map((l) => (
        <Tappable key={l.mod} className={`${link} ${link}--${l.mod}`} to={{ route: l.route }}>
          {t(l.label)}
        </Tappable>
      ))}
    </View>
  )
}
