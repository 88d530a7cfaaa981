/**
 * approved.cn as the service tests see it (Chinese, with its analytics client id): two ACTIVE ship-tos
 * (A1 the default, A2 of another account) and one PENDING (A3), for the supply-centre, notification and
 * chat tests.
 */
import type { UserInfo } from '../../types'

export const shipTo = (over: Record<string, unknown>) => ({
  addressKey: 'A1',
  accountNumber: '1000001',
  nickName: null,
  phoneNumber: '+86 21 5555 0101',
  attentionTo: null,
  deptOrLab: null,
  companyOrInstitution: '复旦大学',
  country: 'China',
  state: null,
  stateOrProvince: '上海',
  city: '上海',
  streetAddress: 'x',
  buildingOrRoom: null,
  zipCode: '200000',
  isoCountryCode: 'CN',
  mobile: null,
  email: null,
  prePaymentAccount: false,
  isDefault: false,
  addressStatus: 'ACTIVE',
  webReference: null,
  relatedBillTo: [],
  ...over,
})

export const approvedCnWithShipTos = (): UserInfo =>
  ({
    userProfile: {
      userId: 'U-7f3a9c21',
      userName: 'approved.cn',
      firstName: '小明',
      lastName: '王',
      siebelRowId: '1-8Z2K4QX',
      cdcUid: 'c',
      contactInfo: {
        primaryEmail: 'approved.cn@example.com',
        phone: null,
        country: { isoCode: 'CN' },
        maCountry: 'CN',
      },
    },
    userRoles: { registrationStatus: 'Siebel Approved', accountType: 'customer', blackListed: false },
    accountNumber: '1000001',
    allShipToBillToAddresses: [
      { shipTo: shipTo({ addressKey: 'A2', accountNumber: '1000002', companyOrInstitution: '中山大学' }), billTos: [] },
      { shipTo: shipTo({ addressKey: 'A1', isDefault: true }), billTos: [] },
      {
        shipTo: shipTo({ addressKey: 'A3', accountNumber: null, addressStatus: 'PENDING', webReference: 'WEB-1' }),
        billTos: [],
      },
    ],
    creditRecords: [],
    spCenter: { defaultSC: null },
    analyticsClientId: 'GA1.2.1000001.1767225600',
    country: 'cn',
    language: 'zh',
  }) as unknown as UserInfo
