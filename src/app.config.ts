import { appPages } from '../types/routes'

const { pages, subPackages } = appPages()

export default defineAppConfig({
  pages,
  subPackages,
  // the app draws its own header (logo, country badge, search, bell, chat) and footer
  window: {
    navigationStyle: 'custom',
    backgroundTextStyle: 'dark',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTitleText: 'Lab Store',
    navigationBarTextStyle: 'black',
    backgroundColor: '#f5f6f8',
  },
  // weapp preloads the account package from the My tab, catalog from Home
  preloadRule: {
    'pages/home/index': { network: 'all', packages: ['packages/catalog'] },
    'pages/my/index': { network: 'all', packages: ['packages/account'] },
  },
  lazyCodeLoading: 'requiredComponents',
})
