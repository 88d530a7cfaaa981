/**
 * Saves an order export (a one-time download address, GET /api/order/export/file?ticket=…). H5:
 * fetch it (so a failure can be told to the buyer), then save it through a Blob, an object URL and
 * a link click with the file's name; the page stays where it is.
 */
export async function saveExportFile(file: { url: string; fileName: string }): Promise<void> {
  const res = await fetch(file.url, { credentials: 'omit' })
  if (!res.ok) throw new Error(`download failed (${res.status})`)
  const blob = await res.blob()
  const href = URL.createObjectURL(blob)
  try {
    const a = document.createElement('a')
    a.href = href
    a.download = file.fileName
    a.rel = 'noopener'
    a.style.display = 'none'
    document.body.appendChild(a)
    a.click()
    a.remove()
  } finally {
    // after the click has started the download
    setTimeout(() => URL.revokeObjectURL(href), 10_000)
  }
}

export const EXPORT_FORMATS_HERE = ['xlsx', 'csv'] as const
