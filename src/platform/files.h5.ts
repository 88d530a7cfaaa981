import { RETURN_FILE_ACCEPT } from '../../types/order/return-rules'

/**
 * Picking files for an upload (the return or after-sales form). H5: a real
 * <input type="file" accept=".jpg,.jpeg,.png,.pdf,…" multiple class="upload-file-input">, attached
 * (hidden) to the page and clicked, so the browser's own chooser opens (an automated browser
 * answers it through its file-chooser event). The files are read into memory (at most 2 × 5 MB) so
 * the form can check the first bytes and send one multipart request.
 */

export interface PickedFile {
  name: string
  size: number
  bytes: Uint8Array
}

/** null: the user closed the chooser without picking. */
export function pickFiles(max: number): Promise<PickedFile[] | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = RETURN_FILE_ACCEPT
    input.multiple = max > 1
    input.className = 'upload-file-input'
    input.setAttribute('aria-hidden', 'true')
    input.style.display = 'none'
    document.body.appendChild(input)
    const done = (v: PickedFile[] | null) => {
      input.remove()
      resolve(v)
    }
    input.addEventListener('cancel', () => done(null))
    input.addEventListener('change', () => {
      const files = Array.from(input.files ?? [])
      if (!files.length) return done(null)
      void Promise.all(
        files.map(async (f) => ({ name: f.name, size: f.size, bytes: new Uint8Array(await f.arrayBuffer()) })),
      ).then(done, () => done(null))
    })
    input.click()
  })
}
