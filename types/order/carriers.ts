/**
 * Carrier names in the buyer's language (issue 22: "京东物流" shown untranslated in English). Shipments keep
 * the name the carrier is known by at home; the order detail shows it in the request's language. A carrier
 * not listed here is shown as stored.
 */
export const CARRIERS: { zh: string; en: string }[] = [
  { zh: '顺丰速运', en: 'SF Express' },
  { zh: '京东物流', en: 'JD Logistics' },
  { zh: '中国邮政EMS', en: 'EMS' },
  { zh: 'EMS', en: 'EMS' },
  { zh: '中通快递', en: 'ZTO Express' },
  { zh: '圆通速递', en: 'YTO Express' },
  { zh: '申通快递', en: 'STO Express' },
  { zh: '韵达快递', en: 'Yunda Express' },
  { zh: '德邦快递', en: 'Deppon Express' },
  { zh: 'Blue Dart', en: 'Blue Dart' },
  { zh: 'Delhivery', en: 'Delhivery' },
]

export function carrierName(stored: string, language: 'en' | 'zh'): string {
  const name = stored.trim()
  const hit = CARRIERS.find((c) => c.zh === name || c.en.toLowerCase() === name.toLowerCase())
  return hit ? hit[language] : stored
}

/** The name a carrier of the list is stored by (its name at home), from either of its names; null for a carrier not listed. */
export function knownCarrier(name: string): string | null {
  const n = name.trim()
  const hit = CARRIERS.find((c) => c.zh === n || c.en.toLowerCase() === n.toLowerCase())
  return hit ? hit.zh : null
}
