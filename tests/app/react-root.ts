/**
 * A component test's own React root, outside the app shell: a fresh element in the body before each
 * test, unmounted and removed after it. Call reactRoot() once at the top of the file.
 */
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'

export function reactRoot() {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  let root: Root
  let host: HTMLElement
  beforeEach(() => {
    host = document.createElement('div')
    document.body.appendChild(host)
    root = createRoot(host)
  })
  afterEach(() => {
    act(() => root.unmount())
    host.remove()
  })
  return {
    /** the element the test's UI is rendered into */
    get host() {
      return host
    },
    /** renders `ui` into the root and lets its effects run */
    render: async (ui: JSX.Element) => {
      await act(async () => {
        root.render(ui)
      })
    },
  }
}
