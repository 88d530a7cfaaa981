/**
 * The English messages of engagement: wishlist and browsing history; the Chinese ones are zh/engagement.ts
 * (typed by these keys). A test fails on any key missing from either language.
 */
export const engagementEn = {
  // wishlist
  'wishlist.add': 'Add to wishlist',
  'wishlist.remove': 'Remove from wishlist',
  'wishlist.save': 'Save',
  'wishlist.saved': 'Saved',
  'wishlist.added': 'Added to your wishlist',
  'wishlist.viewList': 'View wishlist',
  'wishlist.loginBody': 'Log in to keep products, articles and promotions in your wishlist.',
  'wishlist.loading': 'Loading your wishlist…',
  'wishlist.loadError': 'Your wishlist could not be loaded.',
  'wishlist.empty': 'Nothing saved in {type} yet.',
  'wishlist.emptyHint': 'Tap the heart on a product, an article or a promotion to save it here.',
  'wishlist.savedOn': 'Saved {date}',
  'wishlist.removeShort': 'Remove',
  'wishlist.removeFailed': 'It could not be removed. Please try again.',
  'wishlist.tab.products': 'Products',
  'wishlist.tab.workflow': 'Workflow',
  'wishlist.tab.vmWorkflow': 'VM Workflow',
  'wishlist.tab.knowledge': 'Knowledge Hub',
  'wishlist.tab.promotions': 'Promotions',
  'wishlist.tab.application': 'Application',
  // browsing history
  'history.products': 'Products',
  'history.content': 'Content',
  'history.all': 'All',
  'history.today': 'Today',
  'history.last7': 'Last 7 days',
  'history.last30': 'Last 30 days',
  'history.custom': 'Custom',
  'history.from': 'From',
  'history.to': 'To',
  'history.pickDate': 'Pick a date',
  'history.viewedAt': 'Viewed {time}',
  'history.loading': 'Loading your history…',
  'history.loadError': 'Your history could not be loaded.',
  'history.empty': 'Nothing viewed in this period.',
  'history.localNote': 'Kept on this device only. Log in and it joins your account.',
} as const
