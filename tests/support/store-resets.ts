/**
 * App stores put back, before each test, to where a screen starts from: the same reset for a store's own tests
 * and for the tests of the screens that use it.
 */
import { useCheckout, emptyCheckoutForm } from '../../src/store/order/checkout'
import { useFlashBuy, emptyFlashForm } from '../../src/store/flashbuy/submit'
import { useDraws } from '../../src/store/membership/draws'

/** checkout: nothing priced, an empty form; `over` sets more */
export function resetCheckout(over: Partial<ReturnType<typeof useCheckout.getState>> = {}) {
  useCheckout.setState({
    status: 'idle',
    priced: null,
    cart: null,
    pendingKey: null,
    form: emptyCheckoutForm(),
    errors: {},
    ...over,
  })
}

/** flash-buy: no sale open, an empty form, nothing pending or failed */
export function resetFlashBuy() {
  useFlashBuy.setState({
    id: null,
    status: 'idle',
    detail: null,
    form: emptyFlashForm(),
    pending: null,
    priceChange: null,
    loginPrompt: false,
    lastFailure: null,
  })
}

/** lucky draws: no activity loaded, no draw running or waiting for its answer */
export function resetDraws() {
  useDraws.setState({
    status: 'idle',
    activities: [],
    selectedId: null,
    result: null,
    refusal: null,
    pendingKey: null,
    drawing: false,
  })
}
