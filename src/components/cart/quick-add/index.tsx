import { useState } from 'react'
import { View, Text, Input } from '@tarojs/components'
import { useT } from '../../../store/locale'
import { useCart } from '../../../store/cart/cart'
import { checkQuantityInput, CART_QTY_MAX, CART_QTY_MIN } from '../../../../types/cart/quantity'
import type { LineResult } from '../../../../types/cart'
import type { MessageKey } from '../../../i18n'
import { tapProps } from '../../tappable'
import { ariaProps, fieldLabelProps } from '../../../platform/a11y'
import './index.scss'

export const LINE_RESULT_LABEL: Record<LineResult['status'], MessageKey> = {
  added: 'cart.result.added',
  unknown: 'cart.result.unknown',
  unknownAssay: 'cart.result.unknownAssay',
  discontinued: 'cart.result.discontinued',
  notOnline: 'cart.result.notOnline',
  leadOnly: 'cart.result.leadOnly',
  noPrice: 'cart.result.noPrice',
  capped: 'cart.result.capped',
}

/**
 * Spec section 2, Cart: "quick SKU add" (catalogue number + quantity → /cart/quickAdd) and the
 * "add by assay ID" field (/cart/assayId). Section 4: "SKU required and valid. Assay ID required."
 */
export default function QuickAdd() {
  const t = useT()
  const [sku, setSku] = useState('')
  const [qty, setQty] = useState('1')
  const [assay, setAssay] = useState('')
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null)

  const report = (r: Awaited<ReturnType<ReturnType<typeof useCart.getState>['quickAdd']>>, what: string) => {
    if (!r.ok) {
      setNote({ ok: false, text: t('cart.addFailed', { message: r.message }) })
      return false
    }
    const first = r.value[0]
    const ok = !!first && (first.status === 'added' || first.status === 'capped')
    setNote({ ok, text: first ? `${first.catalogNumber || what}: ${t(LINE_RESULT_LABEL[first.status])}` : what })
    return ok
  }

  const addSku = async () => {
    if (busy) return
    const catalogNumber = sku.trim()
    if (!catalogNumber) {
      setNote({ ok: false, text: t('cart.quickAdd.skuRequired') })
      return
    }
    const q = checkQuantityInput(qty)
    if (!q.ok) {
      setNote({
        ok: false,
        text:
          q.error === 'numeric'
            ? t('cart.qty.numeric')
            : q.error === 'min'
              ? t('cart.qty.min', { min: CART_QTY_MIN })
              : t('cart.qty.max', { max: CART_QTY_MAX }),
      })
      return
    }
    setBusy(true)
    try {
      if (report(await useCart.getState().quickAdd([{ catalogNumber, quantity: q.value }]), catalogNumber)) {
        setSku('')
        setQty('1')
      }
    } finally {
      setBusy(false)
    }
  }

  const addAssay = async () => {
    if (busy) return
    const assayId = assay.trim()
    if (!assayId) {
      setNote({ ok: false, text: t('cart.assay.required') })
      return
    }
    setBusy(true)
    try {
      if (report(await useCart.getState().addByAssay(assayId, 1), assayId)) setAssay('')
    } finally {
      setBusy(false)
    }
  }

  return (
    <View className='quick-add'>
      <Text className='quick-add__title'>{t('cart.quickAdd.title')}</Text>
      <View className='quick-add__row'>
        <Input
          className='quick-add__sku'
          value={sku}
          maxlength={40}
          placeholder={t('cart.quickAdd.sku')}
          onInput={(e) => setSku(e.detail.value)}
          onConfirm={addSku}
          {...fieldLabelProps(t('cart.quickAdd.sku'))}
        />
        <Input
          className='quick-add__qty'
          value={qty}
          maxlength={3}
          type='number'
          onInput={(e) => setQty(e.detail.value)}
          {...fieldLabelProps(t('cart.quickAdd.qty'))}
        />
        <View className='quick-add__button quick-add__add-sku' {...tapProps(addSku, { disabled: busy })}>
          {t('cart.quickAdd.add')}
        </View>
      </View>
      <Text className='quick-add__title quick-add__title--assay'>{t('cart.assay.title')}</Text>
      <View className='quick-add__row'>
        <Input
          className='quick-add__sku quick-add__assay'
          value={assay}
          maxlength={40}
          placeholder={t('cart.assay.placeholder')}
          onInput={(e) => setAssay(e.detail.value)}
          onConfirm={addAssay}
          {...fieldLabelProps(t('cart.assay.title'))}
        />
        <View className='quick-add__button quick-add__add-assay' {...tapProps(addAssay, { disabled: busy })}>
          {t('cart.assay.add')}
        </View>
      </View>
      {note && (
        <Text className={`quick-add__note quick-add__note--${note.ok ? 'ok' : 'error'}`} {...ariaProps('status')}>
          {note.text}
        </Text>
      )}
    </View>
  )
}
