import Taro from '@tarojs/taro'

/**
 * Saves an order export (a one-time download address, GET /api/order/export/file?ticket=…).
 * Mini-program: download it to a temporary file, then open it in WeChat's document viewer (which
 * offers saving and sharing); only XLSX opens there (openDocument has no CSV). The H5 variant is
 * export-file.h5.ts. A separate adapter from document.ts, which every page's shell loads first.
 */
export async function saveExportFile(file: { url: string; fileName: string }): Promise<void> {
  const res = await Taro.downloadFile({ url: file.url })
  if (res.statusCode !== 200 || !res.tempFilePath) throw new Error(`download failed (${res.statusCode})`)
  await Taro.openDocument({ filePath: res.tempFilePath, fileType: 'xlsx', showMenu: true })
}

/** CSV cannot be opened in the mini-program's document viewer */
export const EXPORT_FORMATS_HERE = ['xlsx'] as const
