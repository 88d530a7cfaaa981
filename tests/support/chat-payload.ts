/**
 * The chat payload of approved.cn on a product page: "a payload of employee id, email, name, analytics id,
 * location, country, phone and company" (spec section 7), the name family-name first for Chinese, the company and
 * phone of its default ship-to (tests/app/service-fixtures.ts), as the app builds it and the chat stand-in shows it.
 */
export const APPROVED_CN_CHAT_PAYLOAD = {
  employeeId: 'U-7f3a9c21',
  email: 'approved.cn@example.com',
  name: '王小明',
  analyticsId: '1000001.1767225600',
  location: '/product-details/Anti-CD3/MA1-10175',
  country: 'cn',
  phone: '+86 21 5555 0101',
  company: '复旦大学',
}
