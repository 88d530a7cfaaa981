import '../../../store/membership/screens' // this screen's messages (H5 loads them with the page)
import { View, Text } from '@tarojs/components'
import { MAJOR_PER_POINT } from '../../../../types/membership/points'
import PageShell from '../../../components/page-shell'
import LinkRow, { type RowLink } from '../../../components/membership/link-row'
import { useT, useLocale } from '../../../store/locale'
import { CURRENCY_BY_COUNTRY } from '../../../rules/constants'
import { ariaProps } from '../../../platform/a11y'
import type { MessageKey } from '../../../i18n'
import './index.scss'

// from the rules: the point detail, the centre
const RULES_LINKS: RowLink[] = [
  { mod: 'detail', route: 'rewardDetail', label: 'rules.toDetail' },
  { mod: 'centre', route: 'giftCentre', label: 'rules.toCentre' },
]

/**
 * Point rules (spec §2 "/giftcenter/rewardsrules Point rules; no login needed"): how points are
 * earned, spent and expire, and who is excluded. The figures are the ones the server applies
 * (types/membership/points.ts).
 */
export default function RewardsRules() {
  const t = useT()
  const country = useLocale((s) => s.country)
  const cur = CURRENCY_BY_COUNTRY[country].code
  const unit = `${cur} ${MAJOR_PER_POINT[cur].toLocaleString('en-US')}`
  const sections: [MessageKey, string[]][] = [
    ['rules.earn.title', [t('rules.earn.body', { unit }), t('rules.earn.when')]],
    ['rules.spend.title', [t('rules.spend.body'), t('rules.spend.cancel')]],
    ['rules.expire.title', [t('rules.expire.body')]],
    ['rules.who.title', [t('rules.who.body')]],
  ]
  return (
    <PageShell header={{ title: t('screen.rewardsRules') }}>
      <View className='pr'>
        {sections.map(([title, paras]) => (
          <View key={title} className='pr-section' {...ariaProps('region', { label: t(title) })}>
            <Text className='pr-section__title' {...ariaProps('heading', { level: '2' })}>
              {t(title)}
            </Text>
            {paras.map((p) => (
              <Text key={p} className='pr-section__body'>
                {p}
              </Text>
            ))}
          </View>
        ))}
        <LinkRow className='pr-links' link='pr-links__link' links={RULES_LINKS} />
      </View>
    </PageShell>
  )
}
