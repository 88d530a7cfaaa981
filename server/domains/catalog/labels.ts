import type { SurchargeReason } from '../../db/schema-catalog'

/** Attributes whose display value lists several values ("Human, Mouse, Rat"; "WB, IHC (P), ICC/IF"). */
export const MULTI_VALUED_ATTRIBUTES = ['Reactivity', 'Applications'] as const

/** Chinese names of the catalogue's attribute names (descriptions and facets in Chinese). */
export const ATTRIBUTE_NAMES_ZH: Record<string, string> = {
  'Host Species': '宿主',
  Clonality: '克隆性',
  Conjugate: '标记物',
  Reactivity: '反应种属',
  Applications: '应用',
  Storage: '储存条件',
  'Target Species': '靶标种属',
  Label: '标记',
  Purity: '纯度',
  Concentration: '浓度',
  Sterility: '无菌性',
  Grade: '等级',
  'Excitation/Emission': '激发/发射波长',
  Form: '形态',
  Material: '材质',
  'Max Speed': '最大转速',
  'Block Format': '模块规格',
  'Plate Formats': '板型',
  Channels: '通道数',
  Capacity: '容量',
  'Temperature Range': '温度范围',
  Voltage: '电压',
  Warranty: '保修',
}

export const SURCHARGE_REASONS: Record<SurchargeReason, { en: string; zh: string }> = {
  'dry-ice': { en: 'Dry ice shipping surcharge', zh: '干冰运输附加费' },
  'cold-chain': { en: 'Cold-chain (ice pack) shipping surcharge', zh: '冷链（冰袋）运输附加费' },
  hazardous: { en: 'Hazardous goods handling surcharge', zh: '危险品处理附加费' },
  oversize: { en: 'Oversize freight surcharge', zh: '大件货运附加费' },
}

export const leadTargetPath = (catalogNumber: string) =>
  `/lead-generation/ordersubmit?catalogNumber=${encodeURIComponent(catalogNumber)}`
