/**
 * The English messages of customer service (the chat page); the Chinese ones are zh/service.ts (typed by these
 * keys). A test fails on any key missing from either language.
 */
export const serviceEn = {
  // customer-service chat (spec sections 2, 7, 9)
  'svc.chat.connecting': 'Connecting to customer service…',
  'svc.chat.unavailable': 'Online chat is not available right now. Please try again later.',
  'svc.chat.openOutside': 'Open chat in a new window',
  'svc.chat.aboutProduct': 'About this product',
}
