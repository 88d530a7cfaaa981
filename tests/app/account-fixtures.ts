/**
 * Ship-to / bill-to fixtures for the account tests, shaped like the seed's demo accounts
 * (server/db/seed/accounts.ts): approved.cn with 2 ACTIVE ship-tos (one default) and 1 PENDING,
 * bill-tos 2000001, 2000002 (overdue) and 2000003 (prepaid).
 */
export const address = (o: Record<string, unknown> & { addressKey: string }) => ({
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
export const billTo = (o: Record<string, unknown> & { addressKey: string }) => ({
  overdue: false,
  creditUpdateTime: null,
  ...address(o),
})
export const shipTo = (o: Record<string, unknown> & { addressKey: string }) => ({
  isDefault: false,
  addressStatus: 'ACTIVE',
  webReference: null,
  relatedBillTo: [],
  ...address(o),
})

export const approvedCnAddresses = () => [
  {
    shipTo: shipTo({
      addressKey: 'ST-1000001-01',
      accountNumber: '1000001',
      nickName: '张江实验室',
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
      isDefault: true,
      relatedBillTo: ['2000001', '2000002'],
    }),
    billTos: [
      billTo({
        addressKey: 'BT-2000001-01',
        accountNumber: '2000001',
        nickName: '学院财务处',
        companyOrInstitution: '复旦大学',
        stateOrProvince: '上海市',
        city: '上海市',
        streetAddress: '杨浦区邯郸路 220 号',
        zipCode: '200433',
      }),
      billTo({
        addressKey: 'BT-2000002-01',
        accountNumber: '2000002',
        nickName: '课题组经费',
        companyOrInstitution: '复旦大学生命科学学院',
        stateOrProvince: '上海市',
        city: '上海市',
        streetAddress: '杨浦区淞沪路 2005 号',
        zipCode: '200438',
      }),
    ],
  },
  {
    shipTo: shipTo({
      addressKey: 'ST-1000002-01',
      accountNumber: '1000002',
      nickName: '江湾校区',
      attentionTo: '陈静,+8613900139000',
      deptOrLab: '分子医学实验室',
      companyOrInstitution: '复旦大学生命科学学院',
      stateOrProvince: '上海市',
      city: '上海市',
      streetAddress: '杨浦区淞沪路 2005 号',
      buildingOrRoom: '生科楼 B310',
      zipCode: '200438',
      relatedBillTo: ['2000003'],
    }),
    billTos: [
      billTo({
        addressKey: 'BT-2000003-01',
        accountNumber: '2000003',
        nickName: '预付款账户',
        companyOrInstitution: '复旦大学生命科学学院',
        stateOrProvince: '上海市',
        city: '上海市',
        streetAddress: '杨浦区淞沪路 2005 号',
        zipCode: '200438',
        prePaymentAccount: true,
      }),
    ],
  },
  {
    shipTo: shipTo({
      addressKey: 'ST-PENDING-000123',
      nickName: '新建苏州实验室',
      attentionTo: '赵磊,+8613700137000',
      deptOrLab: '药物筛选平台',
      companyOrInstitution: '复旦大学苏州研究院',
      stateOrProvince: '江苏省',
      city: '苏州市',
      streetAddress: '工业园区星湖街 218 号',
      buildingOrRoom: 'C2 栋 5 楼',
      zipCode: '215123',
      addressStatus: 'PENDING',
      webReference: 'WEB-2026-000123',
    }),
    billTos: [
      billTo({
        addressKey: 'BT-PENDING-000123',
        nickName: '苏州研究院财务',
        companyOrInstitution: '复旦大学苏州研究院',
        stateOrProvince: '江苏省',
        city: '苏州市',
        streetAddress: '工业园区星湖街 218 号',
        zipCode: '215123',
      }),
    ],
  },
]

export const profile = (userId: string, userName: string, iso = 'CN') => ({
  userId,
  userName,
  firstName: 'Xiaoming',
  lastName: 'Wang',
  siebelRowId: null,
  cdcUid: 'c',
  contactInfo: { primaryEmail: 'a@example.com', phone: null, country: { isoCode: iso }, maCountry: iso },
})

export const approvedCn = (over: Record<string, unknown> = {}) => ({
  userProfile: profile('U-7f3a9c21', 'approved.cn'),
  userRoles: { registrationStatus: 'Siebel Approved', accountType: 'customer', blackListed: false },
  accountNumber: '1000001',
  allShipToBillToAddresses: approvedCnAddresses(),
  creditRecords: [],
  spCenter: { defaultSC: null },
  analyticsClientId: 'x',
  country: 'cn',
  language: 'en',
  ...over,
})

export const approvedIn = () => ({
  userProfile: { ...profile('U-9a1b2c3d', 'approved.in', 'IN'), firstName: 'Priya', lastName: 'Sharma' },
  userRoles: { registrationStatus: 'Siebel Approved', accountType: 'customer', blackListed: false },
  accountNumber: '5000001',
  allShipToBillToAddresses: [
    {
      shipTo: shipTo({
        addressKey: 'ST-5000001-01',
        accountNumber: '5000001',
        nickName: 'Biochemistry Lab',
        attentionTo: 'Priya Sharma,+919845012345',
        deptOrLab: 'Department of Biochemistry',
        companyOrInstitution: 'Indian Institute of Science',
        country: 'India',
        isoCountryCode: 'IN',
        stateOrProvince: 'Karnataka',
        city: 'Bengaluru',
        streetAddress: 'CV Raman Road',
        buildingOrRoom: 'Room 214',
        zipCode: '560012',
        isDefault: true,
      }),
      billTos: [
        billTo({
          addressKey: 'BT-6000001-01',
          accountNumber: '6000001',
          nickName: 'Accounts Section',
          country: 'India',
          isoCountryCode: 'IN',
          city: 'Bengaluru',
          streetAddress: 'CV Raman Road',
          zipCode: '560012',
        }),
      ],
    },
  ],
  creditRecords: [],
  spCenter: { defaultSC: null },
  analyticsClientId: 'x',
  country: 'in',
  language: 'en',
})

export const APPROVED_CN = { userId: 'U-7f3a9c21', userName: 'approved.cn' }

/**
 * GET /users/info for a user without addresses or credit (Li Wei): the login, cart, product and content
 * screens need no more. Only an approved user has an account number.
 */
export const userInfoOf = (
  user: { userId: string; userName: string } = APPROVED_CN,
  registrationStatus = 'Siebel Approved',
) => ({
  userProfile: {
    ...user,
    firstName: 'Li',
    lastName: 'Wei',
    siebelRowId: null,
    cdcUid: 'c',
    contactInfo: { primaryEmail: 'a@b.c', phone: null, country: { isoCode: 'CN' }, maCountry: 'CN' },
  },
  userRoles: { registrationStatus, accountType: 'customer', blackListed: false },
  accountNumber: registrationStatus === 'Siebel Approved' ? '1000001' : null,
  allShipToBillToAddresses: [],
  creditRecords: [],
  spCenter: { defaultSC: null },
  analyticsClientId: 'x',
  country: 'cn',
  language: 'en',
})

/**
 * The AR statement route's parameters for approved.cn's second bill-to (2000002, of ship-to 1000001 in
 * approvedCnAddresses), overdue: what the ship-to list links to and what the AR statement screen is opened with.
 */
export const AR_ROUTE_PARAMS = {
  billToAccountNumber: '2000002',
  shipTo: '1000001',
  deptOrLab: '细胞生物学实验室',
  companyOrInstitution: '复旦大学生命科学学院',
  updateTime: '2026-01-15T02:00:00.000Z',
  overdue: '1',
}
