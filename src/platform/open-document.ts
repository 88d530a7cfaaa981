import Taro from '@tarojs/taro'

/**
 * Opens a document the server serves (GET /api/document/file/{id}). Mini-program: download it,
 * then open it in WeChat's document viewer (which offers saving and sharing).
 */
export const documentFileUrl = (id: string) => `${API_BASE_URL}/api/document/file/${encodeURIComponent(id)}`

export async function openDocument(doc: { id: string; fileName: string }): Promise<void> {
  const res = await Taro.downloadFile({ url: documentFileUrl(doc.id) })
  if (res.statusCode !== 200 || !res.tempFilePath) throw new Error(`download failed (${res.statusCode})`)
  const ext = (doc.fileName.split('.').pop() ?? 'pdf').toLowerCase()
  await Taro.openDocument({ filePath: res.tempFilePath, fileType: ext as 'pdf', showMenu: true })
}
