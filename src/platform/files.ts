import Taro from '@tarojs/taro'
import { RETURN_FILE_EXTENSIONS } from '../../types/order/return-rules'

/**
 * Picking files for an upload (the return or after-sales form). Mini-program: WeChat's
 * chooseMessageFile (files from a chat: photos and PDFs alike; chooseImage cannot pick a PDF),
 * filtered to the allowed extensions, then read into memory (at most 2 × 5 MB) so the form can
 * check the first bytes and send one multipart request (wx.uploadFile sends only one file per call).
 */

export interface PickedFile {
  name: string
  size: number
  bytes: Uint8Array
}

/** null: the user closed the chooser without picking. */
export async function pickFiles(max: number): Promise<PickedFile[] | null> {
  let res: Taro.chooseMessageFile.SuccessCallbackResult
  try {
    res = await Taro.chooseMessageFile({ count: max, type: 'file', extension: [...RETURN_FILE_EXTENSIONS] })
  } catch {
    return null // cancelled
  }
  const fs = Taro.getFileSystemManager()
  const out: PickedFile[] = []
  for (const f of res.tempFiles) {
    const data = await new Promise<ArrayBuffer>((resolve, reject) =>
      fs.readFile({ filePath: f.path, success: (r) => resolve(r.data as ArrayBuffer), fail: reject }),
    )
    out.push({ name: f.name, size: f.size, bytes: new Uint8Array(data) })
  }
  return out
}
