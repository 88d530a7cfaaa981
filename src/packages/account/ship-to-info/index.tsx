import { useEffect, useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text, Button } from '@tarojs/components'
import { AtActivityIndicator, AtIcon } from 'taro-ui'
import type { ShipToBillTos } from '../../../../types'
import PageShell from '../../../components/page-shell'
import LoginGate from '../../../components/auth/login-gate'
import AddressCard from '../../../components/account/address-card'
import ConfirmDialog from '../../../components/confirm-dialog'
import { showToast } from '../../../store/toast'
import { useT } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import { useConfig } from '../../../store/platform/config'
import { useAddresses } from '../../../store/account/addresses'
import {
  addressLine,
  arStatementParams,
  billToAccountNumbers,
  billToButtons,
  billToTitle,
  canAddShipTo,
  canEdit,
  canSetDefault,
  creditOf,
  hasUsableAddress,
  shipToBadges,
  shipToNumber,
} from '../../../rules/account/ship-to'
import { navigation } from '../../../platform/navigation'
import Tappable, { tapProps } from '../../../components/tappable'
import './index.scss'
import { MAX_PENDING_SHIP_TOS, MAX_SHIP_TOS_PER_ACCOUNT } from '../../../../types/account/address-rules'

/** /my-account/ShipToInfo: the user's ship-tos with their bill-tos (spec sections 2 and 4). */
export default function ShipToInfoPage() {
  const t = useT()
  return (
    <PageShell header={{ title: t('screen.shipToInfo') }}>
      <LoginGate redirectTo='nonLogged'>
        <ShipToList />
      </LoginGate>
    </PageShell>
  )
}

function ShipToList() {
  const t = useT()
  const userInfo = useSession((s) => s.userInfo)
  const status = useSession((s) => s.status)
  const flags = useConfig((s) => s.flags)
  const { credit, savingDefault } = useAddresses()
  const [confirming, setConfirming] = useState<ShipToBillTos | null>(null)

  const entries = userInfo?.allShipToBillToAddresses ?? []
  const billTos = billToAccountNumbers(userInfo).join(',')
  useEffect(() => {
    if (billTos) useAddresses.getState().loadCredit(billTos.split(','))
  }, [billTos])
  // back from the add / edit form: the list is read again
  useDidShow(() => {
    if (useSession.getState().userInfo) useSession.getState().fetchUser()
  })

  if (!userInfo) {
    return (
      <View className='st-state'>
        {status !== 'USER_FETCHED' && <AtActivityIndicator content={t('acct.loading')} />}
      </View>
    )
  }

  const confirmDefault = async () => {
    if (!confirming) return
    const ok = await useAddresses.getState().setDefault(confirming.shipTo)
    setConfirming(null)
    showToast(t(ok ? 'acct.shipTo.defaultChanged' : 'acct.shipTo.defaultFailed'))
  }
  const add = canAddShipTo(userInfo)

  return (
    <View className='st'>
      {entries.length > 0 && !hasUsableAddress(userInfo) && (
        <View className='st-banner'>
          <Text>{t('acct.shipTo.noUsable')}</Text>
        </View>
      )}
      {entries.length === 0 && (
        <View className='st-state'>
          <AtIcon value='map-pin' size={40} color='#a0a8b5' />
          <Text className='st-state__title'>{t('acct.shipTo.empty')}</Text>
          <Text className='st-state__body'>{t('acct.shipTo.emptyHint')}</Text>
        </View>
      )}
      {entries.map((e) => {
        const s = e.shipTo
        const num = shipToNumber(s)
        const badges = shipToBadges(e)
        return (
          <AddressCard
            key={s.addressKey}
            shipTo={s}
            head={
              <>
                {/* number and badges wrap among themselves; the actions keep their place at the end of the line */}
                <View className='ship-to__title'>
                  <Text className={`ship-to__number ship-to__number--${num.kind}`}>
                    {t(num.kind === 'account' ? 'acct.shipTo.account' : 'acct.shipTo.webReference', {
                      number: num.value,
                    })}
                  </Text>
                  {badges.map((b) => (
                    <Text key={b} className={`ship-to__badge ship-to__badge--${b}`}>
                      {t(`acct.badge.${b}`)}
                    </Text>
                  ))}
                </View>
                <View className='ship-to__actions'>
                  {canSetDefault(s) && (
                    <Text className='ship-to__set-default' {...tapProps(() => setConfirming(e))}>
                      {t('acct.shipTo.setDefault')}
                    </Text>
                  )}
                  {canEdit(s) && (
                    <Tappable
                      className='ship-to__edit'
                      label={`${t('acct.shipTo.edit')} ${num.value}`}
                      to={{ route: 'shipToAddress', params: { addressKey: s.addressKey } }}
                    >
                      <AtIcon value='edit' size={18} color='#0b5fa5' />
                    </Tappable>
                  )}
                </View>
              </>
            }
          >
            {!canEdit(s) && <Text className='ship-to__pending-note'>{t('acct.shipTo.pendingNote')}</Text>}
            {e.billTos.map((b) => {
              const c = creditOf(b, credit)
              const buttons = billToButtons(b, flags)
              return (
                <View key={b.addressKey} className='bill-to' data-bill-to={b.accountNumber ?? ''}>
                  <View className='bill-to__head'>
                    <Text className='bill-to__number'>
                      {b.accountNumber
                        ? t('acct.shipTo.billTo', { number: b.accountNumber })
                        : t('acct.shipTo.billToPending')}
                    </Text>
                    {c.overdue && <Text className='bill-to__overdue'>{t('acct.billTo.overdue')}</Text>}
                    {b.prePaymentAccount && (
                      <Text className='ship-to__badge ship-to__badge--prepayment'>{t('acct.badge.prepayment')}</Text>
                    )}
                  </View>
                  <Text className='bill-to__title'>{billToTitle(b)}</Text>
                  <Text className='bill-to__address'>{addressLine(b)}</Text>
                  {(buttons.arStatement || buttons.invoiceList) && (
                    <View className='bill-to__buttons'>
                      {buttons.arStatement && (
                        <Text
                          className='ship-to__ar'
                          {...tapProps(() => navigation.go('arStatement', arStatementParams(e, b, credit)))}
                        >
                          {t('acct.billTo.arStatement')}
                        </Text>
                      )}
                      {buttons.invoiceList && (
                        <Text
                          className='ship-to__invoices'
                          {...tapProps(() => navigation.go('invoiceList', { billToAccountNumber: b.accountNumber }))}
                        >
                          {t('acct.billTo.invoiceList')}
                        </Text>
                      )}
                    </View>
                  )}
                </View>
              )
            })}
          </AddressCard>
        )
      })}

      <View className='ship-to-footer'>
        {add.ok ? (
          <Button className='ship-to-footer__add' {...tapProps(() => navigation.go('shipToAddress', { new: '1' }))}>
            {t('acct.shipTo.add')}
          </Button>
        ) : (
          add.reason !== 'anonymous' && (
            <Text className='ship-to-footer__note'>
              {t(
                add.reason === 'blackListed'
                  ? 'acct.shipTo.addBlackListed'
                  : add.reason === 'limit'
                    ? 'acct.shipTo.addLimit'
                    : 'acct.shipTo.addPending',
                { max: add.reason === 'limit' ? MAX_SHIP_TOS_PER_ACCOUNT : MAX_PENDING_SHIP_TOS },
              )}
            </Text>
          )
        )}
      </View>

      <ConfirmDialog
        open={confirming !== null}
        title={t('acct.confirm.setDefaultTitle')}
        body={
          confirming
            ? t('acct.confirm.setDefaultBody', { name: confirming.shipTo.nickName || addressLine(confirming.shipTo) })
            : undefined
        }
        busy={savingDefault !== null}
        onYes={confirmDefault}
        onNo={() => setConfirming(null)}
      />
    </View>
  )
}
