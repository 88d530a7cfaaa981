/**
 * Opens a document the server serves (GET /api/document/file/{id}). H5: the browser shows or
 * downloads it in a new tab or window; the store stays where it was.
 */
export const documentFileUrl = (id: string) => `${API_BASE_URL}/api/document/file/${encodeURIComponent(id)}`

export async function openDocument(doc: { id: string; fileName: string }): Promise<void> {
  const win = window.open(documentFileUrl(doc.id), '_blank', 'noopener')
  // a blocked pop-up (some in-app browsers): open it here instead
  if (!win) window.location.assign(documentFileUrl(doc.id))
}
