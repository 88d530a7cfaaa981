/**
 * Messages of customer service (the chat page), English and Chinese side by side.
 * A test fails on any key missing from either language.
 */
export const serviceEn = {
  // customer-service chat (spec sections 2, 7, 9)
  'svc.chat.connecting': 'Connecting to customer service…',
  'svc.chat.unavailable': 'Online chat is not available right now. Please try again later.',
  'svc.chat.openOutside': 'Open chat in a new window',
  'svc.chat.aboutProduct': 'About this product'
}
