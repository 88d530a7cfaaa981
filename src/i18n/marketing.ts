/**
 * The English messages of marketing content: articles, the content hub, promotions; the Chinese ones are
 * zh/marketing.ts (typed by these keys). A test fails on any key missing from either language.
 */
export const marketingEn = {
  // promotions
  'promotion.upcoming': 'Upcoming',
  'promotion.active': 'Active',
  'promotion.expired': 'Expired',
  'promotion.dates': '{from} to {to}',
  'promotion.endsIn': 'Ends in {days} days',
  'promotion.startsIn': 'Starts in {days} days',
  'promotion.products': 'Products in this promotion',
  'promotion.notFound': 'This promotion could not be found.',
  'promotion.loadError': 'This promotion could not be loaded.',
  // content hub and articles
  'hub.knowledge': 'Knowledge Hub',
  'hub.knowledge.intro': 'Protocols, guides, webinars and application notes from our scientists.',
  'hub.application': 'Applications',
  'hub.application.intro': 'Techniques and the products that work together for them.',
  'hub.workflow': 'Workflows',
  'hub.workflow.intro': 'Step by step, from sample to result.',
  'hub.industry': 'Industry solutions',
  'hub.industry.intro': 'Solutions for pharma, biotech, academia, clinical and applied markets.',
  'hub.brand': 'Brands',
  'hub.brand.intro': 'The brands in our catalogue and what they are known for.',
  'hub.campaign': 'Promotions & campaigns',
  'hub.campaign.intro': 'Current offers, events and campaigns.',
  'hub.all': 'All',
  'hub.allTypes': 'All types',
  'hub.loading': 'Loading articles…',
  'hub.loadError': 'Articles could not be loaded.',
  'hub.empty': 'No articles here yet.',
  'hub.end': 'All {total} articles shown',
  'content.readMinutes': '{minutes} min read',
  'article.products': 'Featured products',
  'article.notFound': 'This article could not be found.',
  'article.loadError': 'This article could not be loaded.',
  'article.toHub': 'Go to the Knowledge Hub',
} as const
