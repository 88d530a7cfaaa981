import { act, useState } from 'react'
import fs from 'node:fs'
import path from 'node:path'
import { Input } from '@tarojs/components'
import Tappable from '../../src/components/tappable'
import BottomSheet from '../../src/components/bottom-sheet'
import ConfirmDialog from '../../src/components/confirm-dialog'
// the Taro app runtime (as every component test has it: it provides React to Taro's JSX)
import '../support/taro4-test-utils'
import { reactRoot } from './react-root'

/**
 * Issue 22 item 22 (WCAG 2.1.2 No Keyboard Trap, 2.4.3 Focus Order; the WAI-ARIA modal dialog
 * pattern): every sheet and dialog is the one Dialog component. When it opens, focus moves into it;
 * Tab and Shift+Tab stay inside; Escape closes it; on close focus goes back to the control that
 * opened it. A dialog that is busy (a Yes being saved) does not close on Escape.
 */
const { render } = reactRoot()
const q = (sel: string) => document.querySelector(sel) as HTMLElement | null
/** a key press as the browser sends it: to the focused element, bubbling; returns false when the app took it */
const press = (key: string, shiftKey = false) => {
  let passed = true
  act(() => {
    passed = (document.activeElement ?? document.body).dispatchEvent(
      new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true }),
    )
  })
  return passed
}
const active = () => document.activeElement as HTMLElement | null
const inDialog = () => !!active()?.closest('[role="dialog"]')
/** wait on a condition (no fixed delay): frames pass while the dialog's parts render */
async function waitFor(cond: () => boolean, what: string) {
  for (let i = 0; i < 200 && !cond(); i++)
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10))
    })
  if (!cond()) throw new Error(`timed out waiting for ${what}`)
}

function SheetPage({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Tappable className='opener' onTap={() => setOpen(true)}>
        Price details
      </Tappable>
      <Tappable className='elsewhere' onTap={() => undefined}>
        Elsewhere
      </Tappable>
      {open && (
        <BottomSheet
          title='Price explanation'
          button='OK'
          onButton={() => setOpen(false)}
          onClose={() => {
            onClose?.()
            setOpen(false)
          }}
        >
          <Input className='field' value='' />
          <Tappable className='inner' onTap={() => undefined}>
            More
          </Tappable>
        </BottomSheet>
      )}
    </>
  )
}

describe('Dialog focus (BottomSheet: the coupon, price and quote sheets)', () => {
  it('opens with focus inside (not on a text field: no phone keyboard), keeps Tab inside, closes on Escape and gives focus back to the opener', async () => {
    const onClose = jest.fn()
    await render(<SheetPage onClose={onClose} />)
    const opener = q('.opener')!
    act(() => {
      opener.focus()
    })
    act(() => {
      opener.click()
    })
    await waitFor(inDialog, 'focus in the sheet')
    const dialog = q('[role="dialog"]')!
    expect(dialog).not.toBeNull()
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(dialog.getAttribute('aria-label')).toBe('Price explanation')
    // focus moved in, onto a control (the close button), not onto the text field
    expect(inDialog()).toBe(true)
    expect(active()?.getAttribute('role')).toBe('button')
    expect(active()?.closest('.field')).toBeNull()

    // Tab from the last control wraps to the first; Shift+Tab from the first wraps to the last
    const controls = Array.from(dialog.querySelectorAll<HTMLElement>('[tabindex="0"]'))
    const first = controls[0]
    const last = controls[controls.length - 1]
    expect(last.className).toContain('bottom-sheet__button')
    act(() => {
      last.focus()
    })
    expect(press('Tab')).toBe(false)
    expect(active()).toBe(first)
    expect(press('Tab', true)).toBe(false)
    expect(active()).toBe(last)
    // focus that got out (e.g. by a script) is brought back by the next Tab
    act(() => {
      q('.elsewhere')!.focus()
    })
    press('Tab')
    expect(inDialog()).toBe(true)

    // Escape closes; focus returns to the opener
    expect(press('Escape')).toBe(false)
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(q('[role="dialog"]')).toBeNull()
    expect(active()).toBe(opener)
    // closed: Escape and Tab are the page's again
    expect(press('Escape')).toBe(true)
    expect(press('Tab')).toBe(true)
  })

  it('the close button also gives focus back to the opener', async () => {
    await render(<SheetPage />)
    const opener = q('.opener')!
    act(() => {
      opener.focus()
      opener.click()
    })
    await waitFor(inDialog, 'focus in the sheet')
    act(() => {
      q('.bottom-sheet__close')!.click()
    })
    expect(q('[role="dialog"]')).toBeNull()
    expect(active()).toBe(opener)
  })
})

describe('Dialog focus (ConfirmDialog: "Set as default address?")', () => {
  function ConfirmPage({ busy, onNo }: { busy: boolean; onNo: () => void }) {
    const [open, setOpen] = useState(false)
    return (
      <>
        <Tappable className='opener' onTap={() => setOpen(true)}>
          Set as default
        </Tappable>
        <ConfirmDialog
          open={open}
          busy={busy}
          title='Set as default address?'
          onYes={() => setOpen(false)}
          onNo={() => {
            onNo()
            setOpen(false)
          }}
        />
      </>
    )
  }

  it('moves focus to its first answer, Escape answers No and focus returns to "Set as default"', async () => {
    const onNo = jest.fn()
    await render(<ConfirmPage busy={false} onNo={onNo} />)
    const opener = q('.opener')!
    act(() => {
      opener.focus()
      opener.click()
    })
    await waitFor(inDialog, 'focus in the dialog')
    expect(q('.confirm-dialog')!.getAttribute('role')).toBe('dialog')
    expect(active()).toBe(q('.confirm-dialog__no'))
    press('Tab', true)
    expect(active()).toBe(q('.confirm-dialog__yes'))
    press('Tab')
    expect(active()).toBe(q('.confirm-dialog__no'))
    press('Escape')
    expect(onNo).toHaveBeenCalledTimes(1)
    expect(q('.confirm-dialog')).toBeNull()
    expect(active()).toBe(opener)
  })

  it('while busy (the Yes being saved) Escape does not close it', async () => {
    const onNo = jest.fn()
    await render(<ConfirmPage busy onNo={onNo} />)
    act(() => {
      q('.opener')!.click()
    })
    await waitFor(inDialog, 'focus in the dialog')
    press('Escape')
    expect(onNo).not.toHaveBeenCalled()
    expect(q('.confirm-dialog')).not.toBeNull()
  })
})

describe('one dialog component', () => {
  it('no sheet, drawer or popup declares role=dialog itself: every one is src/components/dialog', () => {
    const src = path.join(__dirname, '../../src')
    const offenders: string[] = []
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name)
        if (e.isDirectory()) walk(p)
        else if (/\.tsx?$/.test(e.name) && !p.includes(`${path.sep}components${path.sep}dialog${path.sep}`)) {
          const text = fs.readFileSync(p, 'utf8')
          if (/ariaProps\(\s*'(alert)?dialog'|role=['"{]+(alert)?dialog|aria-modal|modal:\s*'true'/.test(text))
            offenders.push(path.relative(src, p))
        }
      }
    }
    walk(src)
    expect(offenders).toEqual([])
  })
})
