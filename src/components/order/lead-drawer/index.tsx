import { View, Text, Input } from '@tarojs/components'
import { useT } from '../../../store/locale'
import { useLead } from '../../../store/order/lead'
import BottomSheet from '../../bottom-sheet'
import FullScreenLoader from '../../full-screen-loader'
import { tapProps } from '../../tappable'
import { fieldLabelProps, ariaProps } from '../../../platform/a11y'
import './index.scss'

/**
 * Spec section 2: "Bottom-sheet quote drawer, titled and with a button 'Request a Quote', with a
 * tip. Maximum height is 80 percent of the window. A full-screen loader shows while submitting."
 * The sheet is disabled while the lead item is being saved.
 */
export default function LeadDrawer() {
  const t = useT()
  const drawer = useLead((s) => s.drawer)
  if (!drawer.open || !drawer.product) return null
  const { product, quantity, submitting, error } = drawer
  const lead = useLead.getState()
  return (
    <>
      <BottomSheet
        className='lead-drawer'
        title={t('lead.drawer.title')}
        tip={t('lead.drawer.tip')}
        button={t('lead.button')}
        disabled={submitting}
        onButton={() => {
          lead.saveItem()
        }}
        onClose={() => lead.closeDrawer()}
      >
        <Text className='lead-drawer__name'>{product.itemName}</Text>
        <Text className='lead-drawer__cat'>{t('order.catNo', { catalogNumber: product.catalogNumber || '—' })}</Text>
        <View className='lead-drawer__qty'>
          <Text className='lead-drawer__label'>{t('lead.drawer.quantity')}</Text>
          <View className='lead-drawer__stepper'>
            <View
              className='lead-drawer__step'
              {...tapProps(() => lead.setQuantity(quantity - 1), {
                label: t('lead.drawer.less'),
                disabled: quantity <= 1 || submitting,
              })}
            >
              −
            </View>
            <Input
              className='lead-drawer__input'
              type='number'
              value={String(quantity)}
              {...fieldLabelProps(t('lead.drawer.quantity'))}
              onInput={(e) => lead.setQuantity(Number(e.detail.value))}
            />
            <View
              className='lead-drawer__step'
              {...tapProps(() => lead.setQuantity(quantity + 1), {
                label: t('lead.drawer.more'),
                disabled: quantity >= 999 || submitting,
              })}
            >
              +
            </View>
          </View>
        </View>
        {error && (
          <Text className='lead-drawer__error' {...ariaProps('alert')}>
            {t(error)}
          </Text>
        )}
      </BottomSheet>
      {submitting && <FullScreenLoader message={t('lead.drawer.submitting')} />}
    </>
  )
}
