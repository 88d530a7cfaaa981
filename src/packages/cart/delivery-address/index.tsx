import { useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { View, Text, Button } from '@tarojs/components'
import { AtActivityIndicator, AtIcon } from 'taro-ui'
import type { ShipToBillTos } from '../../../../types'
import DetailPage from '../../../components/detail-page'
import AddressCard from '../../../components/account/address-card'
import { useT } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import { chooseDeliveryAddress, storedAddressKey } from '../../../store/account/addresses'
import { canAddShipTo, isActive, shipToBadges, shipToNumber, usableDefault } from '../../../rules/account/ship-to'
import { ROUTES, resolveSpecPath, type RouteName } from '../../../../types/routes'
import { navigation } from '../../../platform/navigation'
import { pageParam } from '../../../rules/page-params'
import { tapProps } from '../../../components/tappable'
import { titledScreen } from '../../../components/page-shell/titled-screen'
import './index.scss'

/**
 * /my-cart/DeliveryAddress?addressKey&backTo: choose the ship-to an order goes to. The choice is
 * kept as storedAddressKey (spec section 3) with its contact sealed in the vault; then back to
 * `backTo` (a route name or a spec address), or back.
 */
export default titledScreen(DetailPage, 'screen.deliveryAddress', Chooser)

function returnTo(backTo: string | undefined, addressKey: string) {
  if (backTo) {
    if (ROUTES.some((r) => r.name === backTo)) return navigation.replace(backTo as RouteName, { addressKey })
    const hit = backTo.startsWith('/') ? resolveSpecPath(backTo.split('?')[0]) : null
    if (hit) {
      const query = Object.fromEntries(parseQuery(backTo.split('?')[1] ?? ''))
      return navigation.replace(hit.route.name, { ...query, ...hit.params, addressKey })
    }
  }
  return navigation.back()
}

/** URLSearchParams is missing in some mini-program engines: the query of a spec address, decoded. */
function parseQuery(q: string): [string, string][] {
  return q
    .split('&')
    .filter(Boolean)
    .map((p) => {
      const [k, v = ''] = p.split('=')
      const dec = (s: string) => {
        try {
          return decodeURIComponent(s.replace(/\+/g, ' '))
        } catch {
          return s
        }
      }
      return [dec(k), dec(v)]
    })
}

function Chooser() {
  const t = useT()
  const { params } = useRouter()
  const userInfo = useSession((s) => s.userInfo)
  const status = useSession((s) => s.status)
  const [chosen, setChosen] = useState<string | null>(null)
  if (!userInfo)
    return (
      <View className='da-state'>
        {status !== 'USER_FETCHED' && <AtActivityIndicator content={t('acct.loading')} />}
      </View>
    )

  const entries = userInfo.allShipToBillToAddresses
  const current =
    chosen ??
    (pageParam(params, 'addressKey') || null) ??
    storedAddressKey() ??
    usableDefault(userInfo)?.shipTo.addressKey ??
    null
  const choose = (e: ShipToBillTos) => {
    if (!isActive(e.shipTo)) return
    setChosen(e.shipTo.addressKey)
    chooseDeliveryAddress(e)
    returnTo(pageParam(params, 'backTo') || undefined, e.shipTo.addressKey)
  }
  const active = entries.filter((e) => isActive(e.shipTo))

  return (
    <View className='da'>
      {active.length === 0 && (
        <View className='da-state'>
          <Text>{t('acct.delivery.empty')}</Text>
        </View>
      )}
      {entries.map((e) => {
        const s = e.shipTo
        const on = s.addressKey === current && isActive(s)
        const num = shipToNumber(s)
        return (
          <AddressCard
            key={s.addressKey}
            shipTo={s}
            disabled={!isActive(s)}
            onClick={() => choose(e)}
            head={
              <>
                <View className={`delivery__radio${on ? ' delivery__radio--on' : ''}`}>
                  {on && <AtIcon value='check' size={14} color='#fff' />}
                </View>
                <Text className='delivery__number'>
                  {t(num.kind === 'account' ? 'acct.shipTo.account' : 'acct.shipTo.webReference', {
                    number: num.value,
                  })}
                </Text>
                {shipToBadges(e).map((b) => (
                  <Text key={b} className={`delivery__badge delivery__badge--${b}`}>
                    {t(`acct.badge.${b}`)}
                  </Text>
                ))}
                {on && <Text className='delivery__current'>{t('acct.delivery.current')}</Text>}
              </>
            }
          >
            {!isActive(s) && <Text className='delivery__pending'>{t('acct.delivery.pendingNote')}</Text>}
          </AddressCard>
        )
      })}
      {canAddShipTo(userInfo).ok && (
        <View className='delivery__footer'>
          <Button className='delivery__add' {...tapProps(() => navigation.go('shipToAddress', { new: '1' }))}>
            {t('acct.delivery.addNew')}
          </Button>
        </View>
      )}
    </View>
  )
}
