/** Demo accounts (user name → scenario). Static data: no clocks, no randomness. */

export const DEMO_USERS = {
  approvedCn: 'approved.cn',
  liteCn: 'lite.cn',
  distributorCn: 'distributor.cn',
  approvedIn: 'approved.in',
} as const
export const DEMO_USER_NAMES = Object.values(DEMO_USERS)
export type DemoUserName = (typeof DEMO_USER_NAMES)[number]

export interface SeedAddress {
  addressKey: string
  accountNumber: string | null
  nickName: string | null
  phoneNumber: string | null
  attentionTo: string | null
  deptOrLab: string | null
  companyOrInstitution: string | null
  country: string
  state: string | null
  stateOrProvince: string | null
  city: string | null
  streetAddress: string | null
  buildingOrRoom: string | null
  zipCode: string | null
  isoCountryCode: string
  mobile: string | null
  email: string | null
  prePaymentAccount: boolean
}
export interface SeedShipTo extends SeedAddress {
  isDefault: boolean
  addressStatus: 'ACTIVE' | 'PENDING'
  webReference: string | null
  billTos: SeedAddress[]
}
export interface SeedAccount {
  key: string
  accountNumber: string | null
  name: string
  accountType: 'customer' | 'distributor' | 'agent' | 'special'
  country: 'cn' | 'in'
  /** Whether the seed gives this account per-account prices on ~1/3 of the catalogue. */
  hasAccountPrices: boolean
  shipTos: SeedShipTo[]
  credit: { billTo: string; overdue: boolean; updateTime: string }[]
  supplyCenters: { supplyCenterId: string; shipToNum: string; operationStatus: string; isDefault: boolean }[]
  user: {
    id: string
    userName: DemoUserName
    firstName: string
    lastName: string
    siebelRowId: string | null
    cdcUid: string
    email: string
    phone: string | null
    country: 'cn' | 'in'
    language: 'zh' | 'en'
    maCountry: string
    registrationStatus: 'Siebel Approved' | 'Partially Registered'
    analyticsClientId: string
    persona: { role: string[]; industry: string[]; interest: string[] }
  }
}

const cnAddr = (o: Partial<SeedAddress> & { addressKey: string }): SeedAddress => ({
  accountNumber: null,
  nickName: null,
  phoneNumber: null,
  attentionTo: null,
  deptOrLab: null,
  companyOrInstitution: null,
  country: 'China',
  state: null,
  stateOrProvince: null,
  city: null,
  streetAddress: null,
  buildingOrRoom: null,
  zipCode: null,
  isoCountryCode: 'CN',
  mobile: null,
  email: null,
  prePaymentAccount: false,
  ...o,
})
const inAddr = (o: Partial<SeedAddress> & { addressKey: string }): SeedAddress =>
  cnAddr({ country: 'India', isoCountryCode: 'IN', ...o })

/** Ship-to 1000002 (Jiangwan campus) and its prepaid bill-to 2000003: the same contact and address. */
const JIANGWAN_B310 = {
  attentionTo: '陈静,+8613900139000',
  companyOrInstitution: '复旦大学生命科学学院',
  state: 'Shanghai',
  stateOrProvince: '上海市',
  city: '上海市',
  streetAddress: '杨浦区淞沪路 2005 号',
  buildingOrRoom: '生科楼 B310',
  zipCode: '200438',
}

export const DEMO_ACCOUNTS: SeedAccount[] = [
  {
    key: 'approved-cn',
    accountNumber: '1000001',
    name: '复旦大学生命科学学院',
    accountType: 'customer',
    country: 'cn',
    hasAccountPrices: true,
    shipTos: [
      {
        ...cnAddr({
          addressKey: 'ST-1000001-01',
          accountNumber: '1000001',
          nickName: '张江实验室',
          phoneNumber: '+86-21-51630000',
          attentionTo: '王小明,+8613800138000',
          deptOrLab: '细胞生物学实验室',
          companyOrInstitution: '复旦大学生命科学学院',
          state: 'Shanghai',
          stateOrProvince: '上海市',
          city: '上海市',
          streetAddress: '浦东新区张衡路 825 号',
          buildingOrRoom: '3 号楼 402 室',
          zipCode: '201203',
          mobile: '13800138000',
          email: 'wang.xiaoming@example.edu.cn',
        }),
        isDefault: true,
        addressStatus: 'ACTIVE',
        webReference: null,
        billTos: [
          cnAddr({
            addressKey: 'BT-2000001-01',
            accountNumber: '2000001',
            nickName: '学院财务处',
            attentionTo: '李会计,+862165640000',
            phoneNumber: '+86-21-65640000',
            companyOrInstitution: '复旦大学',
            state: 'Shanghai',
            stateOrProvince: '上海市',
            city: '上海市',
            streetAddress: '杨浦区邯郸路 220 号',
            buildingOrRoom: '财务楼 101',
            zipCode: '200433',
            email: 'finance@example.edu.cn',
          }),
          cnAddr({
            addressKey: 'BT-2000002-01',
            accountNumber: '2000002',
            nickName: '课题组经费',
            attentionTo: '王小明,+8613800138000',
            companyOrInstitution: '复旦大学生命科学学院',
            state: 'Shanghai',
            stateOrProvince: '上海市',
            city: '上海市',
            streetAddress: '杨浦区淞沪路 2005 号',
            buildingOrRoom: '生科楼 B205',
            zipCode: '200438',
            email: 'lab.grant@example.edu.cn',
          }),
        ],
      },
      {
        ...cnAddr({
          addressKey: 'ST-1000002-01',
          accountNumber: '1000002',
          nickName: '江湾校区',
          phoneNumber: '+86-21-31240000',
          ...JIANGWAN_B310,
          deptOrLab: '分子医学实验室',
          mobile: '13900139000',
          email: 'chen.jing@example.edu.cn',
        }),
        isDefault: false,
        addressStatus: 'ACTIVE',
        webReference: null,
        billTos: [
          cnAddr({
            addressKey: 'BT-2000003-01',
            accountNumber: '2000003',
            nickName: '预付款账户',
            ...JIANGWAN_B310,
            prePaymentAccount: true,
          }),
        ],
      },
      {
        ...cnAddr({
          addressKey: 'ST-PENDING-000123',
          accountNumber: null,
          nickName: '新建苏州实验室',
          phoneNumber: '+86-512-62870000',
          attentionTo: '赵磊,+8613700137000',
          deptOrLab: '药物筛选平台',
          companyOrInstitution: '复旦大学苏州研究院',
          state: 'Jiangsu',
          stateOrProvince: '江苏省',
          city: '苏州市',
          streetAddress: '工业园区星湖街 218 号',
          buildingOrRoom: 'C2 栋 5 楼',
          zipCode: '215123',
          mobile: '13700137000',
          email: 'zhao.lei@example.edu.cn',
        }),
        isDefault: false,
        addressStatus: 'PENDING',
        webReference: 'WEB-2026-000123',
        billTos: [
          cnAddr({
            addressKey: 'BT-PENDING-000123',
            accountNumber: null,
            nickName: '苏州研究院财务',
            attentionTo: '赵磊,+8613700137000',
            companyOrInstitution: '复旦大学苏州研究院',
            state: 'Jiangsu',
            stateOrProvince: '江苏省',
            city: '苏州市',
            streetAddress: '工业园区星湖街 218 号',
            zipCode: '215123',
          }),
        ],
      },
    ],
    credit: [
      { billTo: '2000001', overdue: false, updateTime: '2026-01-15T02:00:00.000Z' },
      { billTo: '2000002', overdue: true, updateTime: '2026-01-15T02:00:00.000Z' },
      { billTo: '2000003', overdue: false, updateTime: '2026-01-14T02:00:00.000Z' },
    ],
    supplyCenters: [{ supplyCenterId: 'SC-SH-001', shipToNum: '1000001', operationStatus: 'Normal', isDefault: true }],
    user: {
      id: 'U-7f3a9c21',
      userName: 'approved.cn',
      firstName: '小明',
      lastName: '王',
      siebelRowId: '1-8Z2K4QX',
      cdcUid: 'cdc-0b6e5d7a9f1c4e28',
      email: 'wang.xiaoming@example.edu.cn',
      phone: '+86-13800138000',
      country: 'cn',
      language: 'zh',
      maCountry: 'CN',
      registrationStatus: 'Siebel Approved',
      analyticsClientId: 'GA1.2.1000001.1767225600',
      persona: {
        role: ['scientist', 'lab-manager'],
        industry: ['academic'],
        interest: ['cell-biology', 'flow-cytometry'],
      },
    },
  },
  {
    key: 'lite-cn',
    accountNumber: null,
    name: '个人注册用户',
    accountType: 'customer',
    country: 'cn',
    hasAccountPrices: false,
    shipTos: [
      {
        ...cnAddr({
          addressKey: 'ST-PENDING-000456',
          accountNumber: null,
          nickName: '我的实验室',
          phoneNumber: '+86-10-62750000',
          attentionTo: '刘洋,+8613600136000',
          deptOrLab: '神经科学实验室',
          companyOrInstitution: '北京大学',
          state: 'Beijing',
          stateOrProvince: '北京市',
          city: '北京市',
          streetAddress: '海淀区颐和园路 5 号',
          buildingOrRoom: '生命科学楼 210',
          zipCode: '100871',
          mobile: '13600136000',
          email: 'liu.yang@example.edu.cn',
        }),
        isDefault: true,
        addressStatus: 'PENDING',
        webReference: 'WEB-2026-000456',
        billTos: [],
      },
    ],
    credit: [],
    supplyCenters: [],
    user: {
      id: 'U-2b8d4e60',
      userName: 'lite.cn',
      firstName: '洋',
      lastName: '刘',
      siebelRowId: null,
      cdcUid: 'cdc-4c1a2b3d5e6f7081',
      email: 'liu.yang@example.edu.cn',
      phone: '+86-13600136000',
      country: 'cn',
      language: 'zh',
      maCountry: 'CN',
      registrationStatus: 'Partially Registered',
      analyticsClientId: 'GA1.2.1000002.1767225600',
      persona: { role: ['student'], industry: ['academic'], interest: ['neuroscience'] },
    },
  },
  {
    key: 'distributor-cn',
    accountNumber: '3000001',
    name: '上海华生科技有限公司',
    accountType: 'distributor',
    country: 'cn',
    hasAccountPrices: false,
    shipTos: [
      {
        ...cnAddr({
          addressKey: 'ST-3000001-01',
          accountNumber: '3000001',
          nickName: '华生仓库',
          phoneNumber: '+86-21-58880000',
          attentionTo: '周强,+8613500135000',
          deptOrLab: '采购部',
          companyOrInstitution: '上海华生科技有限公司',
          state: 'Shanghai',
          stateOrProvince: '上海市',
          city: '上海市',
          streetAddress: '闵行区莘庄工业区春东路 508 号',
          buildingOrRoom: '2 号仓库',
          zipCode: '201108',
          mobile: '13500135000',
          email: 'purchase@example-dist.cn',
        }),
        isDefault: true,
        addressStatus: 'ACTIVE',
        webReference: null,
        billTos: [
          cnAddr({
            addressKey: 'BT-4000001-01',
            accountNumber: '4000001',
            nickName: '华生财务',
            attentionTo: '吴敏,+862158880001',
            companyOrInstitution: '上海华生科技有限公司',
            state: 'Shanghai',
            stateOrProvince: '上海市',
            city: '上海市',
            streetAddress: '闵行区春东路 508 号',
            zipCode: '201108',
          }),
        ],
      },
    ],
    credit: [{ billTo: '4000001', overdue: false, updateTime: '2026-01-15T02:00:00.000Z' }],
    supplyCenters: [],
    user: {
      id: 'U-5c6e1f93',
      userName: 'distributor.cn',
      firstName: '强',
      lastName: '周',
      siebelRowId: '1-3KD9PLA',
      cdcUid: 'cdc-9e8d7c6b5a493827',
      email: 'purchase@example-dist.cn',
      phone: '+86-13500135000',
      country: 'cn',
      language: 'zh',
      maCountry: 'CN',
      registrationStatus: 'Siebel Approved',
      analyticsClientId: 'GA1.2.1000003.1767225600',
      persona: { role: ['purchasing'], industry: ['distribution'], interest: ['lab-consumables'] },
    },
  },
  {
    key: 'approved-in',
    accountNumber: '5000001',
    name: 'Indian Institute of Science',
    accountType: 'customer',
    country: 'in',
    hasAccountPrices: true,
    shipTos: [
      {
        ...inAddr({
          addressKey: 'ST-5000001-01',
          accountNumber: '5000001',
          nickName: 'Biochemistry Lab',
          phoneNumber: '+91-80-22932000',
          attentionTo: 'Priya Sharma,+919845012345',
          deptOrLab: 'Department of Biochemistry',
          companyOrInstitution: 'Indian Institute of Science',
          state: 'Karnataka',
          stateOrProvince: 'Karnataka',
          city: 'Bengaluru',
          streetAddress: 'CV Raman Road',
          buildingOrRoom: 'Room 214, Biological Sciences Building',
          zipCode: '560012',
          mobile: '9845012345',
          email: 'priya.sharma@example.ac.in',
        }),
        isDefault: true,
        addressStatus: 'ACTIVE',
        webReference: null,
        billTos: [
          inAddr({
            addressKey: 'BT-6000001-01',
            accountNumber: '6000001',
            nickName: 'Accounts Section',
            attentionTo: 'Ravi Kumar,+918022932001',
            companyOrInstitution: 'Indian Institute of Science',
            state: 'Karnataka',
            stateOrProvince: 'Karnataka',
            city: 'Bengaluru',
            streetAddress: 'CV Raman Road',
            zipCode: '560012',
            email: 'accounts@example.ac.in',
          }),
        ],
      },
    ],
    credit: [{ billTo: '6000001', overdue: false, updateTime: '2026-01-15T02:00:00.000Z' }],
    supplyCenters: [],
    user: {
      id: 'U-9a1b2c3d',
      userName: 'approved.in',
      firstName: 'Priya',
      lastName: 'Sharma',
      siebelRowId: '1-7HQ2MZT',
      cdcUid: 'cdc-1a2b3c4d5e6f7a8b',
      email: 'priya.sharma@example.ac.in',
      phone: '+91-9845012345',
      country: 'in',
      language: 'en',
      maCountry: 'IN',
      registrationStatus: 'Siebel Approved',
      analyticsClientId: 'GA1.2.1000004.1767225600',
      persona: {
        role: ['principal-investigator'],
        industry: ['academic', 'pharma-biotech'],
        interest: ['genomics', 'protein-biology'],
      },
    },
  },
]

export const PERSONA_OPTIONS: { kind: 'role' | 'industry' | 'interest'; code: string; en: string; zh: string }[] = [
  { kind: 'role', code: 'scientist', en: 'Scientist / Researcher', zh: '科研人员' },
  { kind: 'role', code: 'principal-investigator', en: 'Principal Investigator', zh: '课题组长' },
  { kind: 'role', code: 'lab-manager', en: 'Lab Manager', zh: '实验室主管' },
  { kind: 'role', code: 'student', en: 'Student', zh: '学生' },
  { kind: 'role', code: 'purchasing', en: 'Purchasing / Procurement', zh: '采购' },
  { kind: 'industry', code: 'academic', en: 'Academic & Government Research', zh: '高校与科研院所' },
  { kind: 'industry', code: 'pharma-biotech', en: 'Pharma & Biotech', zh: '制药与生物技术' },
  { kind: 'industry', code: 'clinical', en: 'Clinical & Diagnostics', zh: '临床与诊断' },
  { kind: 'industry', code: 'distribution', en: 'Distribution', zh: '经销' },
  { kind: 'interest', code: 'cell-biology', en: 'Cell Biology', zh: '细胞生物学' },
  { kind: 'interest', code: 'flow-cytometry', en: 'Flow Cytometry', zh: '流式细胞术' },
  { kind: 'interest', code: 'neuroscience', en: 'Neuroscience', zh: '神经科学' },
  { kind: 'interest', code: 'genomics', en: 'Genomics & PCR', zh: '基因组学与 PCR' },
  { kind: 'interest', code: 'protein-biology', en: 'Protein Biology', zh: '蛋白质生物学' },
  { kind: 'interest', code: 'lab-consumables', en: 'Lab Consumables', zh: '实验室耗材' },
]

export const SYS_CONFIG_SEED: { country: 'cn' | 'in'; key: string; value: '0' | '1'; label: string }[] = [
  { country: 'cn', key: 'ENABLE_ORDER_TAX', value: '1', label: 'Show order tax' },
  { country: 'cn', key: 'ENABLE_SIGN_IN_POPUP', value: '1', label: 'Sign-in popup for visitors' },
  { country: 'in', key: 'ENABLE_ORDER_TAX', value: '0', label: 'Show order tax' },
  { country: 'in', key: 'ENABLE_SIGN_IN_POPUP', value: '1', label: 'Sign-in popup for visitors' },
  // spec section 6: "AR statement and invoice buttons show only for certain countries"
  { country: 'cn', key: 'ENABLE_AR_STATEMENT', value: '1', label: 'AR statement button on bill-tos' },
  { country: 'cn', key: 'ENABLE_INVOICE_LIST', value: '1', label: 'Invoice list button on bill-tos' },
  { country: 'in', key: 'ENABLE_AR_STATEMENT', value: '0', label: 'AR statement button on bill-tos' },
  { country: 'in', key: 'ENABLE_INVOICE_LIST', value: '0', label: 'Invoice list button on bill-tos' },
]
