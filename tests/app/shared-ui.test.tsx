import { act, useState } from 'react'
import FormField from '../../src/components/form-field'
import StatePanel, { LoadingPanel } from '../../src/components/state-panel'
import { DetailStates, type DetailView } from '../../src/components/detail-page'
// the Taro app runtime (as every component test has it: it provides React to Taro's JSX)
import '../support/taro4-test-utils'
import { reactRoot } from './react-root'
import { fieldByName, fieldName, textFields } from './a11y-names'

/**
 * The shared pieces the screens are built from instead of copies: the labelled form field (the
 * buying and membership forms), the state panel (what failed with its Retry, not found, empty) and
 * the detail page's states (loading, not found, failed, the thing).
 */
const root = reactRoot()
const { render } = root
const q = (sel: string) => root.host.querySelector(sel) as HTMLElement | null
/** wait on a condition: Taro's web components place their inner fields a frame later */
async function waitFor(cond: () => boolean, what: string) {
  for (let i = 0; i < 200 && !cond(); i++)
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10))
    })
  if (!cond()) throw new Error(`timed out waiting for ${what}`)
}
const type = async (field: HTMLInputElement | HTMLTextAreaElement, value: string) => {
  await act(async () => {
    field.value = value
    field.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

function Form({ error }: { error?: string }) {
  const [name, setName] = useState('')
  const [remark, setRemark] = useState('')
  return (
    <>
      <FormField
        block='t-field'
        name='contact'
        label='Contact name'
        value={name}
        placeholder='Your name'
        error={error}
        onInput={setName}
      />
      <FormField
        block='t-field'
        name='remark'
        label='Remark'
        optional='optional'
        multiline
        value={remark}
        onInput={setRemark}
      />
      <span className='echo'>
        {name}|{remark}
      </span>
    </>
  )
}

describe('FormField: a labelled field (WCAG 1.3.1, 4.1.2: named by the label the user reads, not the placeholder)', () => {
  it('names each field by its visible label ("(optional)" included), one line and multi-line, and passes what is typed', async () => {
    await render(<Form />)
    await waitFor(() => textFields(root.host).length === 2, 'the two fields')
    const [line, area] = textFields(root.host)
    expect(fieldName(line)).toBe('Contact name')
    expect(fieldName(area)).toBe('Remark (optional)')
    expect(fieldByName('Contact name', root.host)).toBe(line)
    expect(area.tagName).toBe('TEXTAREA')
    // the block's parts: what styles (the form-field mixin) and tests pick the field by
    expect(q('.t-field--contact .t-field__label')?.textContent).toBe('Contact name')
    expect(q('.t-field--remark .t-field__optional')?.textContent).toBe(' (optional)')
    expect(q('.t-field--remark .t-field__textarea')).not.toBeNull()
    await type(line, 'Wang')
    await type(area, 'Leave at the door')
    expect(q('.echo')?.textContent).toBe('Wang|Leave at the door')
  })

  it('shows a problem under its field, read out at once (role=alert), and marks the field invalid', async () => {
    await render(<Form error='Enter the contact name' />)
    const alert = q('.t-field--contact .t-field__error')
    expect(alert?.textContent).toBe('Enter the contact name')
    expect(alert?.getAttribute('role')).toBe('alert')
    expect(q('.t-field--contact')?.classList.contains('t-field--invalid')).toBe(true)
    expect(q('.t-field--remark')?.classList.contains('t-field--invalid')).toBe(false)
  })
})

describe('StatePanel: what happened and one action (Retry, or a way elsewhere)', () => {
  it("shows its lines in order under the screen's block and runs Retry, a real button", async () => {
    const retry = jest.fn()
    await render(
      <StatePanel
        block='x-state'
        className='x-error'
        title='Could not load'
        body='Network error'
        action={{ label: 'Retry', onTap: retry }}
      />,
    )
    const panel = q('.x-state')!
    expect(panel.classList.contains('x-error')).toBe(true)
    expect(Array.from(panel.children).map((c) => c.className.split(' ')[0])).toEqual([
      'x-state__title',
      'x-state__body',
      'x-state__button',
    ])
    const button = q('.x-state__button')!
    expect(button.getAttribute('role')).toBe('button')
    expect(button.textContent).toBe('Retry')
    act(() => {
      button.click()
    })
    expect(retry).toHaveBeenCalledTimes(1)
  })

  it('a way elsewhere is a link to the page; a line given as null still takes its place', async () => {
    await render(
      <StatePanel block='y-state' error={null} action={{ label: 'All orders', to: { route: 'orderHistory' } }} />,
    )
    expect(q('.y-state__error')).not.toBeNull()
    expect(q('.y-state__button')?.getAttribute('href')).toBe('/order-history')
  })

  it('LoadingPanel: the spinner with its message in the state box', async () => {
    await render(<LoadingPanel className='z-state' message='Loading orders' />)
    expect(q('.z-state')?.textContent).toContain('Loading orders')
  })
})

describe('DetailStates: the start of every detail page', () => {
  const show = (view: DetailView, body = jest.fn(() => <span className='thing'>Order 1</span>)) =>
    render(
      <DetailStates
        block='d-state'
        view={view}
        loading='Loading…'
        notFound={{
          className: 'd-not-found',
          title: 'Not found',
          action: { label: 'All orders', to: { route: 'orderHistory' } },
        }}
        failed={{ title: 'Could not load', action: { label: 'Retry', onTap: () => undefined } }}
      >
        {body}
      </DetailStates>,
    )

  it('shows the panel of its view, and the thing only once it is ready', async () => {
    const body = jest.fn(() => <span className='thing'>Order 1</span>)
    await show('loading', body)
    expect(q('.d-state')?.textContent).toContain('Loading…')
    await show('notFound', body)
    expect(q('.d-state.d-not-found .d-state__title')?.textContent).toBe('Not found')
    await show('failed', body)
    expect(q('.d-state__button')?.textContent).toBe('Retry')
    expect(body).not.toHaveBeenCalled()
    await show('ready', body)
    expect(q('.thing')?.textContent).toBe('Order 1')
    expect(q('.d-state')).toBeNull()
  })
})
