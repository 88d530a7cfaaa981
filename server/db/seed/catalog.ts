import { createRng, type Rng } from './prng'

export interface SeedCategory {
  code: string
  nameEn: string
  nameZh: string
  parentCode: string | null
  sortOrder: number
}

export interface SeedProduct {
  sku: string
  catalogNumber: string
  titleEn: string
  titleZh: string
  size: string
  brand: string
  image: string | null
  categoryCode: string
  attributes: { displayName: string; displayValue: string }[]
  /** Minor units (fen / paise). null = price on request. */
  listPriceCny: number | null
  listPriceInr: number | null
  leadTarget: boolean
  rank: number
}

type Attr = { displayName: string; displayValue: string }
interface Generated {
  catalogNumber: () => string
  titleEn: string
  titleZh: string
  size: string
  brand: string
  attributes: Attr[]
  /** CNY yuan range */
  price: [number, number]
  leadTarget?: boolean
}
type LeafGen = (r: Rng) => Generated

// ---------- vocabularies ----------
const TARGETS: [string, string][] = [
  ['CD3', 'OKT3'],
  ['CD4', 'RPA-T4'],
  ['CD8a', 'SK1'],
  ['CD19', 'HIB19'],
  ['CD20', 'L26'],
  ['CD45', 'HI30'],
  ['CD56', 'CMSSB'],
  ['CD14', '61D3'],
  ['CD11b', 'M1/70'],
  ['CD25', 'BC96'],
  ['CD69', 'FN50'],
  ['CD127', 'eBioRDR5'],
  ['FOXP3', '236A/E7'],
  ['Ki-67', 'SolA15'],
  ['GAPDH', 'GA1R'],
  ['beta-Actin', 'BA3R'],
  ['alpha-Tubulin', 'DM1A'],
  ['p53', 'DO-7'],
  ['EGFR', 'H11'],
  ['HER2', 'e2-4001'],
  ['PD-1', 'J105'],
  ['PD-L1', 'MIH1'],
  ['TNF alpha', 'MAb11'],
  ['IFN gamma', '4S.B3'],
  ['IL-2', 'MQ1-17H12'],
  ['IL-6', 'MQ2-13A5'],
  ['IL-17A', 'eBio64DEC17'],
  ['Vimentin', 'V9'],
  ['E-Cadherin', '67A4'],
  ['Caspase-3', '3G2'],
  ['Histone H3', 'F.3'],
  ['Phospho-ERK1/2', 'MILAN8R'],
  ['STAT3', '9D8'],
  ['NF-kB p65', 'F-6'],
  ['GFP', 'GF28R'],
  ['His Tag', 'HIS.H8'],
  ['FLAG Tag', 'FG4R'],
  ['HA Tag', '2-2.2.14'],
  ['Myc Tag', '9E10'],
  ['CD34', '4H11'],
  ['CD68', 'KP1'],
  ['Cytokeratin 18', 'DC-10'],
  ['Nestin', '10C2'],
  ['GFAP', 'GA5'],
  ['NeuN', 'A60'],
  ['Insulin', 'INS04'],
  ['VEGF', 'JH121'],
  ['Collagen I', 'COL-1'],
  ['Sox2', 'Btjce'],
]
const CONJUGATES: { name: string; prefix: string }[] = [
  { name: 'FITC', prefix: '11' },
  { name: 'PE', prefix: '12' },
  { name: 'APC', prefix: '17' },
  { name: 'PE-Cyanine7', prefix: '25' },
  { name: 'PerCP-Cyanine5.5', prefix: '45' },
  { name: 'eFluor 450', prefix: '48' },
  { name: 'Alexa Fluor 488', prefix: '53' },
  { name: 'Super Bright 600', prefix: '63' },
]
const SPECIES: { en: string; zh: string; code: string }[] = [
  { en: 'Human', zh: '人', code: '42' },
  { en: 'Mouse', zh: '小鼠', code: '82' },
  { en: 'Rat', zh: '大鼠', code: '81' },
]
const HOSTS: { en: string; zh: string }[] = [
  { en: 'Mouse', zh: '小鼠' },
  { en: 'Rabbit', zh: '兔' },
  { en: 'Goat', zh: '山羊' },
  { en: 'Rat', zh: '大鼠' },
  { en: 'Donkey', zh: '驴' },
  { en: 'Chicken', zh: '鸡' },
]
const FLUORS = [
  'Alexa Fluor 488',
  'Alexa Fluor 555',
  'Alexa Fluor 594',
  'Alexa Fluor 647',
  'HRP',
  'Biotin',
  'Cy3',
  'DyLight 650',
]
const APPLICATIONS = ['WB, IHC (P), ICC/IF', 'Flow, IP', 'WB, ELISA', 'IHC (F), Flow', 'ChIP, WB, ICC/IF', 'Flow']
const STORAGE = ['2-8°C', '-20°C', '-80°C', 'Room temperature', '2-8°C, protect from light']

// ---------- leaf generators ----------
const primaryAb: LeafGen = (r) => {
  const [target, clone] = r.pick(TARGETS)
  const mono = r.chance(0.65)
  const conj = r.chance(0.35) ? r.pick(FLUORS) : null
  const host = mono ? r.pick(HOSTS.slice(0, 2)) : r.pick(HOSTS.slice(1, 3))
  return {
    catalogNumber: () => (mono ? r.pick(['MA1-', 'MA5-', 'MA3-']) : r.pick(['PA1-', 'PA5-'])) + r.digits(5),
    titleEn: `Anti-${target} ${mono ? 'Monoclonal' : 'Polyclonal'} Antibody${mono ? ` (${clone})` : ''}${conj ? `, ${conj}` : ''}`,
    titleZh: `${target} ${mono ? '单克隆' : '多克隆'}抗体${mono ? ` (${clone})` : ''}${conj ? `, ${conj}` : ''}`,
    size: r.pick(['100 µg', '50 µg', '25 µg', '100 µL', '500 µL']),
    brand: 'Invitrogen',
    attributes: [
      { displayName: 'Host Species', displayValue: host.en },
      { displayName: 'Clonality', displayValue: mono ? 'Monoclonal' : 'Polyclonal' },
      { displayName: 'Conjugate', displayValue: conj ?? 'Unconjugated' },
      { displayName: 'Reactivity', displayValue: r.pick(['Human', 'Human, Mouse', 'Human, Mouse, Rat', 'Mouse']) },
      { displayName: 'Applications', displayValue: r.pick(APPLICATIONS) },
      { displayName: 'Storage', displayValue: r.pick(STORAGE.slice(0, 3)) },
    ],
    price: [1200, 5200],
  }
}
const flowAb: LeafGen = (r) => {
  const [target, clone] = r.pick(TARGETS.slice(0, 28))
  const conj = r.pick(CONJUGATES)
  const sp = r.pick(SPECIES)
  return {
    catalogNumber: () => `${conj.prefix}-${r.digits(4)}-${sp.code}`,
    titleEn: `${target} Monoclonal Antibody (${clone}), ${conj.name}, eBioscience`,
    titleZh: `${target} 单克隆抗体 (${clone}), ${conj.name}, eBioscience`,
    size: r.pick(['100 tests', '25 tests', '25 µg', '100 µg']),
    brand: 'eBioscience',
    attributes: [
      { displayName: 'Host Species', displayValue: r.pick(['Mouse', 'Rat', 'Armenian Hamster']) },
      { displayName: 'Conjugate', displayValue: conj.name },
      { displayName: 'Reactivity', displayValue: sp.en },
      { displayName: 'Applications', displayValue: 'Flow' },
      { displayName: 'Storage', displayValue: '2-8°C, protect from light' },
    ],
    price: [1500, 4800],
  }
}
const secondaryAb: LeafGen = (r) => {
  const host = r.pick(HOSTS.slice(2))
  const against = r.pick(HOSTS.slice(0, 4).filter((h) => h.en !== host.en))
  const fluor = r.pick(FLUORS)
  const ig = r.pick(['IgG (H+L)', 'IgG (H+L), Highly Cross-Adsorbed', 'IgG Fc', 'IgM (Heavy chain)'])
  return {
    catalogNumber: () => `A${r.int(1, 3)}${r.digits(4)}`,
    titleEn: `${host.en} anti-${against.en} ${ig} Secondary Antibody, ${fluor}`,
    titleZh: `${host.zh}抗${against.zh} ${ig} 二抗, ${fluor}`,
    size: r.pick(['1 mg', '500 µg', '250 µL']),
    brand: 'Invitrogen',
    attributes: [
      { displayName: 'Host Species', displayValue: host.en },
      { displayName: 'Target Species', displayValue: against.en },
      { displayName: 'Conjugate', displayValue: fluor },
      { displayName: 'Storage', displayValue: '2-8°C, protect from light' },
    ],
    price: [1100, 3600],
  }
}
const isotype: LeafGen = (r) => {
  const iso = r.pick(['Mouse IgG1 kappa', 'Mouse IgG2a kappa', 'Rat IgG2b kappa', 'Rabbit IgG', 'Armenian Hamster IgG'])
  const clone = r.pick(['P3.6.2.8.1', 'eBM2a', 'eB149/10H5', 'eBio299Arm', 'MOPC-21'])
  const conj = r.pick(CONJUGATES)
  const isoZh = iso
    .replace('Mouse', '小鼠')
    .replace('Rat', '大鼠')
    .replace('Rabbit', '兔')
    .replace('Armenian Hamster', '亚美尼亚仓鼠')
  return {
    catalogNumber: () => `${conj.prefix}-${r.digits(4)}-${r.pick(['41', '42', '82', '81'])}`,
    titleEn: `${iso} Isotype Control (${clone}), ${conj.name}`,
    titleZh: `${isoZh} 同型对照 (${clone}), ${conj.name}`,
    size: r.pick(['100 tests', '25 µg']),
    brand: 'eBioscience',
    attributes: [
      { displayName: 'Conjugate', displayValue: conj.name },
      { displayName: 'Storage', displayValue: '2-8°C, protect from light' },
    ],
    price: [900, 2400],
  }
}
const labelingKit: LeafGen = (r) => {
  const f = r.pick([
    'Alexa Fluor 488',
    'Alexa Fluor 555',
    'Alexa Fluor 647',
    'Biotin',
    'HRP',
    'FITC',
    'Zenon Alexa Fluor 488',
  ])
  const scale = r.pick(['', 'Micro', 'Protein'])
  return {
    catalogNumber: () => `${r.pick(['A', 'Z'])}${r.digits(5)}`,
    titleEn: `${f} ${scale ? scale + ' ' : ''}Antibody Labeling Kit`,
    titleZh: `${f} ${scale === 'Micro' ? '微量' : scale === 'Protein' ? '蛋白' : ''}抗体标记试剂盒`,
    size: r.pick(['1 kit', '3 labelings', '5 labelings']),
    brand: r.pick(['Invitrogen', 'Pierce']),
    attributes: [
      { displayName: 'Label', displayValue: f },
      { displayName: 'Storage', displayValue: '-20°C' },
    ],
    price: [2800, 7600],
  }
}

interface Named {
  en: string
  zh: string
}
function namedReagent(
  names: Named[],
  cat: (r: Rng) => string,
  sizes: string[],
  brands: string[],
  price: [number, number],
  extra: (r: Rng) => Attr[],
): LeafGen {
  return (r) => {
    const n = r.pick(names)
    return {
      catalogNumber: () => cat(r),
      titleEn: n.en,
      titleZh: n.zh,
      size: r.pick(sizes),
      brand: r.pick(brands),
      attributes: extra(r),
      price,
    }
  }
}

const molBio = namedReagent(
  [
    { en: 'TRIzol Reagent', zh: 'TRIzol 试剂' },
    { en: 'Nuclease-Free Water (not DEPC-Treated)', zh: '无核酸酶水 (非 DEPC 处理)' },
    { en: 'dNTP Mix (10 mM each)', zh: 'dNTP 混合液 (各 10 mM)' },
    { en: 'SuperScript IV Reverse Transcriptase', zh: 'SuperScript IV 逆转录酶' },
    { en: 'PowerUp SYBR Green Master Mix', zh: 'PowerUp SYBR Green 预混液' },
    { en: 'TaqMan Fast Advanced Master Mix', zh: 'TaqMan 快速高级预混液' },
    { en: 'RNaseZap RNase Decontamination Solution', zh: 'RNaseZap RNA 酶去除液' },
    { en: 'GeneRuler 1 kb DNA Ladder', zh: 'GeneRuler 1 kb DNA 分子量标准' },
    { en: 'SYBR Safe DNA Gel Stain', zh: 'SYBR Safe DNA 凝胶染料' },
    { en: 'PureLink RNA Mini Kit', zh: 'PureLink RNA 小量提取试剂盒' },
    { en: 'Qubit dsDNA HS Assay Kit', zh: 'Qubit dsDNA 高灵敏度检测试剂盒' },
    { en: 'Platinum SuperFi II PCR Master Mix', zh: 'Platinum SuperFi II PCR 预混液' },
  ],
  (r) =>
    r.pick([() => `AM${r.digits(4)}`, () => `1${r.digits(4)}-${r.digits(3)}`, () => `K${r.digits(4)}${r.digits(2)}`])(),
  ['100 reactions', '500 reactions', '1 mL', '100 mL', '500 mL', '5 x 1 mL', '200 preps'],
  ['Invitrogen', 'Applied Biosystems', 'Thermo Scientific', 'Ambion'],
  [380, 6800],
  (r) => [
    { displayName: 'Purity', displayValue: r.pick(['Molecular Biology Grade', 'Nuclease-free', '≥99%']) },
    { displayName: 'Storage', displayValue: r.pick(STORAGE) },
  ],
)
const buffers = namedReagent(
  [
    { en: 'PBS, pH 7.4', zh: 'PBS 磷酸盐缓冲液, pH 7.4' },
    { en: 'Tris-HCl 1 M Solution, pH 8.0', zh: 'Tris-HCl 1 M 溶液, pH 8.0' },
    { en: 'UltraPure 0.5 M EDTA, pH 8.0', zh: 'UltraPure 0.5 M EDTA, pH 8.0' },
    { en: 'RIPA Lysis and Extraction Buffer', zh: 'RIPA 裂解提取缓冲液' },
    { en: 'TBE Buffer (10X)', zh: 'TBE 缓冲液 (10X)' },
    { en: 'NuPAGE MOPS SDS Running Buffer (20X)', zh: 'NuPAGE MOPS SDS 电泳缓冲液 (20X)' },
    { en: 'HBSS, calcium, magnesium', zh: 'HBSS 含钙镁' },
    { en: 'Sodium Chloride 5 M Solution', zh: '氯化钠 5 M 溶液' },
  ],
  (r) =>
    r.pick([() => `AM${r.digits(4)}`, () => `${r.int(1, 2)}${r.digits(4)}-0${r.digits(2)}`, () => `B${r.digits(4)}`])(),
  ['500 mL', '1 L', '100 mL', '4 L', '10 x 500 mL'],
  ['Gibco', 'Invitrogen', 'Thermo Scientific'],
  [120, 1600],
  (r) => [
    { displayName: 'Concentration', displayValue: r.pick(['1X', '10X', '20X', '1 M', '0.5 M']) },
    { displayName: 'Sterility', displayValue: r.pick(['Sterile-filtered', 'Non-sterile']) },
    { displayName: 'Storage', displayValue: r.pick(['Room temperature', '2-8°C']) },
  ],
)
const solvents = namedReagent(
  [
    { en: 'Methanol, HPLC Grade', zh: '甲醇, HPLC 级' },
    { en: 'Acetonitrile, Optima LC/MS Grade', zh: '乙腈, Optima LC/MS 级' },
    { en: 'Ethanol, Absolute (200 Proof), Molecular Biology Grade', zh: '无水乙醇 (200 Proof), 分子生物学级' },
    { en: 'Dimethyl Sulfoxide (DMSO), Certified ACS', zh: '二甲基亚砜 (DMSO), ACS 认证' },
    { en: 'Chloroform, Certified ACS', zh: '三氯甲烷, ACS 认证' },
    { en: 'Isopropanol, HPLC Grade', zh: '异丙醇, HPLC 级' },
    { en: 'Acetone, Certified ACS', zh: '丙酮, ACS 认证' },
    { en: 'Water, Optima LC/MS Grade', zh: '水, Optima LC/MS 级' },
  ],
  (r) => `${r.pick(['A', 'W', 'D', 'C'])}${r.int(100, 999)}-${r.pick(['1', '4', '20', '500'])}`,
  ['1 L', '4 L', '500 mL', '2.5 L', '20 L'],
  ['Fisher Chemical'],
  [150, 2600],
  (r) => [
    { displayName: 'Purity', displayValue: r.pick(['≥99.9%', '≥99.8%', '≥99.5%']) },
    { displayName: 'Grade', displayValue: r.pick(['HPLC', 'ACS', 'LC/MS', 'Molecular Biology']) },
    { displayName: 'Storage', displayValue: 'Room temperature' },
  ],
)
const dyes = namedReagent(
  [
    { en: "DAPI (4',6-Diamidino-2-Phenylindole, Dihydrochloride)", zh: "DAPI (4',6-二脒基-2-苯基吲哚二盐酸盐)" },
    { en: 'Hoechst 33342, Trihydrochloride, Trihydrate', zh: 'Hoechst 33342 三盐酸盐三水合物' },
    { en: 'Propidium Iodide', zh: '碘化丙啶' },
    { en: 'Fluo-4, AM, cell permeant', zh: 'Fluo-4 AM 细胞渗透型' },
    { en: 'MitoTracker Red CMXRos', zh: 'MitoTracker Red CMXRos 线粒体红色荧光探针' },
    { en: 'LIVE/DEAD Fixable Aqua Dead Cell Stain Kit', zh: 'LIVE/DEAD 可固定 Aqua 死细胞染色试剂盒' },
    { en: 'CellTrace CFSE Cell Proliferation Kit', zh: 'CellTrace CFSE 细胞增殖试剂盒' },
    { en: 'Alexa Fluor 488 Phalloidin', zh: 'Alexa Fluor 488 鬼笔环肽' },
  ],
  (r) => `${r.pick(['D', 'H', 'P', 'F', 'M', 'L', 'C', 'A'])}${r.digits(4)}`,
  ['10 mg', '1 mg', '100 µg', '1 kit', '300 units', '10 x 50 µg'],
  ['Invitrogen'],
  [900, 5600],
  (r) => [
    {
      displayName: 'Excitation/Emission',
      displayValue: r.pick(['358/461 nm', '495/519 nm', '535/617 nm', '579/599 nm']),
    },
    { displayName: 'Storage', displayValue: r.pick(['-20°C, protect from light', '2-8°C, protect from light']) },
  ],
)
const enzymes = namedReagent(
  [
    { en: 'EcoRI (10 U/µL)', zh: 'EcoRI 限制性内切酶 (10 U/µL)' },
    { en: 'BamHI (10 U/µL)', zh: 'BamHI 限制性内切酶 (10 U/µL)' },
    { en: 'T4 DNA Ligase (5 U/µL)', zh: 'T4 DNA 连接酶 (5 U/µL)' },
    { en: 'Proteinase K, recombinant, PCR grade', zh: '重组蛋白酶 K, PCR 级' },
    { en: 'DNase I, RNase-free (1 U/µL)', zh: 'DNase I, 无 RNA 酶 (1 U/µL)' },
    { en: 'Trypsin, TPCK Treated', zh: '胰蛋白酶, TPCK 处理' },
    { en: 'Taq DNA Polymerase (5 U/µL)', zh: 'Taq DNA 聚合酶 (5 U/µL)' },
    { en: 'RNase A, DNase and protease-free (10 mg/mL)', zh: 'RNase A, 无 DNA 酶和蛋白酶 (10 mg/mL)' },
  ],
  (r) =>
    r.pick([
      () => `ER0${r.digits(3)}`,
      () => `EP0${r.digits(3)}`,
      () => `EN0${r.digits(3)}`,
      () => `FD0${r.digits(3)}`,
    ])(),
  ['1,000 units', '5,000 units', '2,500 units', '100 mg', '1 mL', '500 units'],
  ['Thermo Scientific', 'Invitrogen'],
  [300, 3800],
  (r) => [
    { displayName: 'Concentration', displayValue: r.pick(['10 U/µL', '5 U/µL', '20 mg/mL']) },
    { displayName: 'Storage', displayValue: '-20°C' },
  ],
)
const ladders = namedReagent(
  [
    { en: 'PageRuler Prestained Protein Ladder, 10 to 180 kDa', zh: 'PageRuler 预染蛋白分子量标准, 10-180 kDa' },
    {
      en: 'PageRuler Plus Prestained Protein Ladder, 10 to 250 kDa',
      zh: 'PageRuler Plus 预染蛋白分子量标准, 10-250 kDa',
    },
    { en: 'Spectra Multicolor Broad Range Protein Ladder', zh: 'Spectra 多色宽范围蛋白分子量标准' },
    { en: 'Bovine Serum Albumin Standard Ampules, 2 mg/mL', zh: '牛血清白蛋白标准品安瓿, 2 mg/mL' },
    { en: 'Pierce BCA Protein Assay Kit', zh: 'Pierce BCA 蛋白定量试剂盒' },
    { en: 'iBright Prestained Protein Ladder', zh: 'iBright 预染蛋白分子量标准' },
  ],
  (r) => r.pick([() => `26${r.digits(3)}`, () => `LC${r.digits(4)}`, () => `23${r.digits(3)}`])(),
  ['2 x 250 µL', '250 µL', '10 x 1 mL', '1 kit', '500 assays'],
  ['Thermo Scientific', 'Pierce', 'Invitrogen'],
  [850, 3900],
  () => [{ displayName: 'Storage', displayValue: '-20°C' }],
)
const media = namedReagent(
  [
    { en: 'DMEM, high glucose, GlutaMAX Supplement, pyruvate', zh: 'DMEM 高糖培养基, 含 GlutaMAX 与丙酮酸' },
    { en: 'RPMI 1640 Medium', zh: 'RPMI 1640 培养基' },
    { en: 'Opti-MEM I Reduced Serum Medium', zh: 'Opti-MEM I 减血清培养基' },
    { en: 'MEM alpha, nucleosides', zh: 'MEM alpha 培养基, 含核苷' },
    { en: 'DMEM/F-12, HEPES', zh: 'DMEM/F-12 培养基, 含 HEPES' },
    { en: 'Neurobasal Medium', zh: 'Neurobasal 神经基础培养基' },
    { en: 'Essential 8 Medium', zh: 'Essential 8 培养基' },
    { en: "Leibovitz's L-15 Medium", zh: 'Leibovitz L-15 培养基' },
  ],
  (r) => `${r.int(1, 3)}${r.digits(4)}-${r.pick(['0', '1'])}${r.digits(2)}`,
  ['500 mL', '1 L', '10 x 500 mL', '100 mL'],
  ['Gibco'],
  [95, 1800],
  (r) => [
    { displayName: 'Form', displayValue: r.pick(['Liquid', 'Powder']) },
    { displayName: 'Sterility', displayValue: 'Sterile-filtered' },
    { displayName: 'Storage', displayValue: '2-8°C, protect from light' },
  ],
)
const serum = namedReagent(
  [
    { en: 'Fetal Bovine Serum, qualified, Brazil', zh: '胎牛血清, 合格级, 巴西产' },
    { en: 'Fetal Bovine Serum, certified, United States', zh: '胎牛血清, 认证级, 美国产' },
    { en: 'Fetal Bovine Serum, heat inactivated, Australia', zh: '胎牛血清, 热灭活, 澳洲产' },
    { en: 'Fetal Bovine Serum, dialyzed, South America', zh: '胎牛血清, 透析, 南美产' },
    { en: 'Fetal Bovine Serum, One Shot format', zh: '胎牛血清, One Shot 分装' },
  ],
  (r) => `${r.pick(['10099', '10100', '16000', '26140', '10270', 'A31604'])}-${r.digits(3)}`,
  ['500 mL', '100 mL', '50 mL'],
  ['Gibco'],
  [1600, 9800],
  () => [
    { displayName: 'Sterility', displayValue: 'Sterile-filtered' },
    { displayName: 'Storage', displayValue: '-20°C' },
  ],
)
const supplements = namedReagent(
  [
    { en: 'Penicillin-Streptomycin (10,000 U/mL)', zh: '青霉素-链霉素双抗 (10,000 U/mL)' },
    { en: 'Trypsin-EDTA (0.25%), phenol red', zh: '胰酶-EDTA (0.25%), 含酚红' },
    { en: 'GlutaMAX Supplement', zh: 'GlutaMAX 添加剂' },
    { en: 'B-27 Supplement (50X), serum free', zh: 'B-27 无血清添加剂 (50X)' },
    { en: 'Insulin-Transferrin-Selenium (ITS -G) (100X)', zh: '胰岛素-转铁蛋白-硒 (ITS-G) (100X)' },
    { en: 'MEM Non-Essential Amino Acids Solution (100X)', zh: 'MEM 非必需氨基酸溶液 (100X)' },
    { en: 'TrypLE Express Enzyme (1X), no phenol red', zh: 'TrypLE Express 消化酶 (1X), 无酚红' },
    { en: 'Geneticin Selective Antibiotic (G418 Sulfate)', zh: 'Geneticin 筛选抗生素 (G418 硫酸盐)' },
  ],
  (r) => `${r.int(1, 3)}${r.digits(4)}-0${r.digits(2)}`,
  ['100 mL', '500 mL', '20 mL', '10 mL', '5 x 100 mL'],
  ['Gibco'],
  [80, 2600],
  () => [
    { displayName: 'Sterility', displayValue: 'Sterile-filtered' },
    { displayName: 'Storage', displayValue: '-20°C' },
  ],
)
const transfection = namedReagent(
  [
    { en: 'Lipofectamine 3000 Transfection Reagent', zh: 'Lipofectamine 3000 转染试剂' },
    { en: 'Lipofectamine RNAiMAX Transfection Reagent', zh: 'Lipofectamine RNAiMAX 转染试剂' },
    { en: 'Lipofectamine 2000 Transfection Reagent', zh: 'Lipofectamine 2000 转染试剂' },
    { en: 'ExpiFectamine 293 Transfection Kit', zh: 'ExpiFectamine 293 转染试剂盒' },
    { en: 'Lipofectamine CRISPRMAX Cas9 Transfection Reagent', zh: 'Lipofectamine CRISPRMAX Cas9 转染试剂' },
  ],
  (r) => `${r.pick(['L', 'A', 'CMAX'])}${r.digits(7 - 0)}`.slice(0, 9),
  ['0.75 mL', '1.5 mL', '0.3 mL', '15 mL', '1 kit'],
  ['Invitrogen', 'Gibco'],
  [1800, 8900],
  () => [{ displayName: 'Storage', displayValue: '2-8°C' }],
)

function plastic(
  names: Named[],
  cat: (r: Rng) => string,
  sizes: string[],
  brands: string[],
  price: [number, number],
): LeafGen {
  return (r) => {
    const n = r.pick(names)
    const sterile = r.chance(0.6)
    return {
      catalogNumber: () => cat(r),
      titleEn: `${n.en}${sterile ? ', sterile' : ', non-sterile'}`,
      titleZh: `${n.zh}${sterile ? ', 无菌' : ', 非无菌'}`,
      size: r.pick(sizes),
      brand: r.pick(brands),
      attributes: [
        { displayName: 'Material', displayValue: r.pick(['Polypropylene', 'Polystyrene', 'Nitrile', 'Polyethylene']) },
        { displayName: 'Sterility', displayValue: sterile ? 'Sterile' : 'Non-sterile' },
      ],
      price,
    }
  }
}
const tips = plastic(
  [
    { en: 'Finntip Flex 200 µL Pipette Tips, racked', zh: 'Finntip Flex 200 µL 移液器吸头, 盒装' },
    { en: 'ART Barrier 1000 µL Filter Tips', zh: 'ART 1000 µL 滤芯吸头' },
    { en: 'Finntip 10 µL Universal Tips, bulk', zh: 'Finntip 10 µL 通用吸头, 散装' },
    { en: 'ClipTip 300 µL Filter Tips', zh: 'ClipTip 300 µL 滤芯吸头' },
  ],
  (r) =>
    r.pick([
      () => `02-707-${r.digits(3)}`,
      () => `94${r.digits(5)}`,
      () => `2${r.digits(3)}${r.pick(['', 'P', '-05-HR'])}`,
    ])(),
  ['1,000/pk', '960/pk', '10 x 96/pk', '4,800/cs'],
  ['Thermo Scientific', 'Fisherbrand'],
  [180, 1400],
)
const tubes = plastic(
  [
    { en: '15 mL Conical Centrifuge Tubes', zh: '15 mL 锥底离心管' },
    { en: '50 mL Conical Centrifuge Tubes', zh: '50 mL 锥底离心管' },
    { en: '1.5 mL Microcentrifuge Tubes, RNase-free', zh: '1.5 mL 微量离心管, 无 RNA 酶' },
    { en: '0.2 mL PCR Tube Strips with caps', zh: '0.2 mL PCR 八连管带盖' },
    { en: '2.0 mL Cryogenic Vials, external thread', zh: '2.0 mL 冻存管, 外旋盖' },
  ],
  (r) => r.pick([() => `14-432-${r.digits(2)}`, () => `3${r.digits(5)}`, () => `AM${r.digits(5)}`])(),
  ['500/cs', '1,000/pk', '250/pk', '125/pk', '50/pk'],
  ['Thermo Scientific', 'Nunc', 'Invitrogen', 'Fisherbrand'],
  [150, 1900],
)
const plates = plastic(
  [
    { en: 'Nunc 96-Well Cell Culture Plates, flat bottom', zh: 'Nunc 96 孔细胞培养板, 平底' },
    { en: 'Nunc EasYFlask 75 cm² Cell Culture Flasks, filter cap', zh: 'Nunc EasYFlask 75 cm² 细胞培养瓶, 透气盖' },
    { en: 'Nunc 6-Well Cell Culture Multidishes', zh: 'Nunc 6 孔细胞培养板' },
    { en: 'Nunc Cell Culture Dishes, 100 mm', zh: 'Nunc 细胞培养皿, 100 mm' },
    { en: 'Nunc MicroWell 384-Well Optical-Bottom Plates', zh: 'Nunc MicroWell 384 孔光学底板' },
  ],
  (r) => `1${r.pick(['4', '5', '6', '7'])}${r.digits(4)}`,
  ['50/cs', '100/cs', '200/cs', '10/pk'],
  ['Nunc', 'Thermo Scientific'],
  [300, 2600],
)
const serological = plastic(
  [
    { en: 'Serological Pipettes, 10 mL, individually wrapped', zh: '血清移液管, 10 mL, 独立包装' },
    { en: 'Serological Pipettes, 25 mL, paper/plastic wrapped', zh: '血清移液管, 25 mL, 纸塑包装' },
    { en: 'Serological Pipettes, 5 mL', zh: '血清移液管, 5 mL' },
  ],
  (r) => `170${r.digits(3)}${r.pick(['', 'N'])}`,
  ['200/cs', '500/cs', '50/pk'],
  ['Nunc', 'Fisherbrand'],
  [260, 1500],
)
const gloves = plastic(
  [
    { en: 'Nitrile Exam Gloves, powder-free, size M', zh: '丁腈检查手套, 无粉, M 号' },
    { en: 'Nitrile Exam Gloves, powder-free, size L', zh: '丁腈检查手套, 无粉, L 号' },
    { en: 'Cleanroom Nitrile Gloves, size S', zh: '洁净室丁腈手套, S 号' },
  ],
  (r) => `19-${r.int(100, 999)}-${r.digits(4)}${r.pick(['A', 'B', 'C', 'D'])}`,
  ['100/pk', '1,000/cs', '200/pk'],
  ['Fisherbrand'],
  [90, 900],
)

function instrument(
  names: Named[],
  cat: (r: Rng) => string,
  price: [number, number],
  attrs: (r: Rng) => Attr[],
): LeafGen {
  return (r) => {
    const n = r.pick(names)
    return {
      catalogNumber: () => cat(r),
      titleEn: n.en,
      titleZh: n.zh,
      size: '1 each',
      brand: 'Thermo Scientific',
      attributes: [
        ...attrs(r),
        { displayName: 'Voltage', displayValue: r.pick(['220 V, 50 Hz', '230 V, 50/60 Hz']) },
        { displayName: 'Warranty', displayValue: r.pick(['1 year', '2 years']) },
      ],
      price,
      leadTarget: r.chance(0.7),
    }
  }
}
const centrifuges = instrument(
  [
    { en: 'Sorvall ST 16R Centrifuge', zh: 'Sorvall ST 16R 冷冻离心机' },
    { en: 'Heraeus Pico 17 Microcentrifuge', zh: 'Heraeus Pico 17 微量离心机' },
    { en: 'Sorvall LYNX 6000 Superspeed Centrifuge', zh: 'Sorvall LYNX 6000 高速离心机' },
    { en: 'mySPIN 6 Mini Centrifuge', zh: 'mySPIN 6 迷你离心机' },
  ],
  (r) => `75${r.digits(6)}`,
  [3500, 420000],
  (r) => [{ displayName: 'Max Speed', displayValue: `${r.pick(['6,000', '15,200', '17,000', '30,000'])} rpm` }],
)
const cyclers = instrument(
  [
    { en: 'ProFlex PCR System, 3 x 32-well', zh: 'ProFlex PCR 系统, 3 x 32 孔' },
    { en: 'SimpliAmp Thermal Cycler', zh: 'SimpliAmp 热循环仪' },
    {
      en: 'QuantStudio 5 Real-Time PCR System, 96-well, 0.2 mL',
      zh: 'QuantStudio 5 实时荧光定量 PCR 系统, 96 孔, 0.2 mL',
    },
    { en: 'MiniAmp Plus Thermal Cycler', zh: 'MiniAmp Plus 热循环仪' },
  ],
  (r) => `A${r.digits(5)}`,
  [48000, 560000],
  () => [{ displayName: 'Block Format', displayValue: '96-well, 0.2 mL' }],
)
const readers = instrument(
  [
    { en: 'Varioskan LUX Multimode Microplate Reader', zh: 'Varioskan LUX 多功能酶标仪' },
    { en: 'Multiskan SkyHigh Microplate Spectrophotometer', zh: 'Multiskan SkyHigh 全波长酶标仪' },
    { en: 'Fluoroskan Microplate Fluorometer', zh: 'Fluoroskan 荧光酶标仪' },
  ],
  (r) => `VL${r.digits(7)}`,
  [68000, 380000],
  () => [{ displayName: 'Plate Formats', displayValue: '6- to 384-well' }],
)
const pipettes = instrument(
  [
    { en: 'Finnpipette F1 Single Channel Pipette, 20-200 µL', zh: 'Finnpipette F1 单道移液器, 20-200 µL' },
    { en: 'Finnpipette F2 Multichannel Pipette, 8-channel, 30-300 µL', zh: 'Finnpipette F2 八道移液器, 30-300 µL' },
    { en: 'E1-ClipTip Electronic Pipette, 0.5-12.5 µL', zh: 'E1-ClipTip 电动移液器, 0.5-12.5 µL' },
    { en: 'S1 Pipet Filler', zh: 'S1 电动助吸器' },
  ],
  (r) => `46${r.digits(5)}`,
  [1600, 16800],
  () => [{ displayName: 'Channels', displayValue: '1 / 8 / 12' }],
)
const incubators = instrument(
  [
    { en: 'Heracell VIOS 160i CO2 Incubator, copper interior', zh: 'Heracell VIOS 160i CO2 培养箱, 铜内胆' },
    { en: 'Forma Steri-Cycle i160 CO2 Incubator', zh: 'Forma Steri-Cycle i160 CO2 培养箱' },
    { en: 'Midi 40 CO2 Incubator', zh: 'Midi 40 CO2 培养箱' },
  ],
  (r) => `51${r.digits(6)}`,
  [42000, 168000],
  () => [{ displayName: 'Capacity', displayValue: `${'165 L'}` }],
)
const freezers = instrument(
  [
    { en: 'TSX Series Ultra-Low Freezer, -80°C, 549 L', zh: 'TSX 系列超低温冰箱, -80°C, 549 L' },
    { en: 'Forma 900 Series -86°C Upright Freezer', zh: 'Forma 900 系列 -86°C 立式超低温冰箱' },
    { en: 'TSX Series -20°C Lab Freezer', zh: 'TSX 系列 -20°C 实验室冰箱' },
  ],
  (r) => `TSX${r.digits(5)}${r.pick(['FV', 'FA', 'LA'])}`,
  [52000, 220000],
  () => [{ displayName: 'Temperature Range', displayValue: '-50 to -86°C' }],
)

// ---------- tree ----------
interface TopDef {
  code: string
  en: string
  zh: string
  weight: number
  children: { code: string; en: string; zh: string; gen: LeafGen; weight: number }[]
}
export const CATEGORY_TREE: TopDef[] = [
  {
    code: 'antibodies',
    en: 'Antibodies',
    zh: '抗体',
    weight: 40,
    children: [
      { code: 'primary-antibodies', en: 'Primary Antibodies', zh: '一抗', gen: primaryAb, weight: 45 },
      { code: 'secondary-antibodies', en: 'Secondary Antibodies', zh: '二抗', gen: secondaryAb, weight: 15 },
      { code: 'flow-cytometry-antibodies', en: 'Flow Cytometry Antibodies', zh: '流式抗体', gen: flowAb, weight: 30 },
      { code: 'isotype-controls', en: 'Isotype Controls', zh: '同型对照', gen: isotype, weight: 6 },
      {
        code: 'antibody-labeling-kits',
        en: 'Antibody Labeling Kits',
        zh: '抗体标记试剂盒',
        gen: labelingKit,
        weight: 4,
      },
    ],
  },
  {
    code: 'reagents-chemicals',
    en: 'Reagents & Chemicals',
    zh: '试剂与化学品',
    weight: 25,
    children: [
      {
        code: 'molecular-biology-reagents',
        en: 'Molecular Biology Reagents',
        zh: '分子生物学试剂',
        gen: molBio,
        weight: 25,
      },
      { code: 'buffers-solutions', en: 'Buffers & Solutions', zh: '缓冲液与溶液', gen: buffers, weight: 20 },
      { code: 'solvents', en: 'Solvents', zh: '溶剂', gen: solvents, weight: 20 },
      { code: 'fluorescent-dyes', en: 'Fluorescent Dyes & Stains', zh: '荧光染料', gen: dyes, weight: 15 },
      { code: 'enzymes', en: 'Enzymes', zh: '酶', gen: enzymes, weight: 12 },
      { code: 'protein-standards', en: 'Protein Standards & Assays', zh: '蛋白标准品与检测', gen: ladders, weight: 8 },
    ],
  },
  {
    code: 'cell-culture',
    en: 'Cell Culture',
    zh: '细胞培养',
    weight: 15,
    children: [
      { code: 'cell-culture-media', en: 'Cell Culture Media', zh: '细胞培养基', gen: media, weight: 40 },
      { code: 'fetal-bovine-serum', en: 'Fetal Bovine Serum', zh: '胎牛血清', gen: serum, weight: 15 },
      { code: 'supplements-reagents', en: 'Supplements & Reagents', zh: '添加剂与试剂', gen: supplements, weight: 30 },
      { code: 'transfection-reagents', en: 'Transfection Reagents', zh: '转染试剂', gen: transfection, weight: 15 },
    ],
  },
  {
    code: 'lab-plastics',
    en: 'Lab Plastics & Consumables',
    zh: '实验室塑料与耗材',
    weight: 14,
    children: [
      { code: 'pipette-tips', en: 'Pipette Tips', zh: '移液器吸头', gen: tips, weight: 30 },
      { code: 'centrifuge-tubes', en: 'Tubes & Vials', zh: '离心管与冻存管', gen: tubes, weight: 25 },
      { code: 'plates-flasks', en: 'Cell Culture Plates & Flasks', zh: '细胞培养板与培养瓶', gen: plates, weight: 25 },
      { code: 'serological-pipettes', en: 'Serological Pipettes', zh: '血清移液管', gen: serological, weight: 10 },
      { code: 'gloves', en: 'Gloves', zh: '手套', gen: gloves, weight: 10 },
    ],
  },
  {
    code: 'lab-instruments',
    en: 'Lab Instruments',
    zh: '实验室仪器',
    weight: 6,
    children: [
      { code: 'centrifuges', en: 'Centrifuges', zh: '离心机', gen: centrifuges, weight: 20 },
      {
        code: 'pcr-thermal-cyclers',
        en: 'PCR & Real-Time PCR Systems',
        zh: 'PCR 与定量 PCR 仪',
        gen: cyclers,
        weight: 20,
      },
      { code: 'microplate-readers', en: 'Microplate Readers', zh: '酶标仪', gen: readers, weight: 15 },
      { code: 'pipettes', en: 'Pipettes', zh: '移液器', gen: pipettes, weight: 25 },
      { code: 'co2-incubators', en: 'CO2 Incubators', zh: 'CO2 培养箱', gen: incubators, weight: 10 },
      { code: 'lab-freezers', en: 'Ultra-Low Freezers', zh: '超低温冰箱', gen: freezers, weight: 10 },
    ],
  },
]

export function generateCategories(): SeedCategory[] {
  const out: SeedCategory[] = []
  CATEGORY_TREE.forEach((top, i) => {
    out.push({ code: top.code, nameEn: top.en, nameZh: top.zh, parentCode: null, sortOrder: i + 1 })
    top.children.forEach((c, j) =>
      out.push({ code: c.code, nameEn: c.en, nameZh: c.zh, parentCode: top.code, sortOrder: j + 1 }),
    )
  })
  return out
}

/** INR ≈ CNY × 11.6, rounded to 2 decimals (values are minor units). */
export const CNY_TO_INR = 11.6
export const cnyToInr = (fen: number) => Math.round(fen * CNY_TO_INR)

/** Deterministic catalogue: same (count, seed) → identical products, in the same order. */
export function generateProducts(count: number, seed = 20260101): SeedProduct[] {
  const r = createRng(seed)
  const leaves = CATEGORY_TREE.flatMap((top) => top.children.map((c) => ({ w: top.weight * c.weight, v: c })))
  const used = new Set<string>()
  const products: SeedProduct[] = []
  for (let i = 0; i < count; i++) {
    const leaf = r.weighted(leaves)
    const g = leaf.gen(r)
    let catalogNumber = g.catalogNumber()
    for (let tries = 0; used.has(catalogNumber); tries++) {
      catalogNumber = tries < 20 ? g.catalogNumber() : `${g.catalogNumber()}-${tries}`
    }
    used.add(catalogNumber)
    const [lo, hi] = g.price
    const hasPrice = !r.chance(0.08) // ~8% price on request
    const yuan = r.int(lo, hi)
    // Prices end in .00 or in a realistic cents fraction.
    const fen = yuan * 100 + (r.chance(0.5) ? 0 : r.pick([50, 80, 90, 99]))
    const hasImage = !r.chance(0.1)
    products.push({
      sku: `SKU-${String(100000 + i)}`,
      catalogNumber,
      titleEn: g.titleEn,
      titleZh: g.titleZh,
      size: g.size,
      brand: g.brand,
      image: hasImage ? `/media/products/${catalogNumber}` : null,
      categoryCode: leaf.code,
      attributes: g.attributes,
      listPriceCny: hasPrice ? fen : null,
      listPriceInr: hasPrice ? cnyToInr(fen) : null,
      leadTarget: g.leadTarget ?? false,
      rank: r.int(0, 1_000_000),
    })
  }
  return products
}
