import type { Messages } from '../../../i18n/messages'

export const promotionMessages: Messages = {
  en: {
    resources: {
      promotions: {
        name: 'Promotion |||| Promotions',
        create: 'New promotion',
        editTitle: 'Promotion: %{title}',
        empty: 'No promotions in this tab.',
        fields: {
          title: 'Title',
          page: 'Page',
          category: 'Category (in the address)',
          subject: 'Subject (in the address)',
          summary: 'Summary',
          bodyHtml: 'Page text',
          bannerImage: 'Banner image',
          startAt: 'Starts',
          endAt: 'Ends',
          products: 'Featured products',
          sortOrder: 'Sort order',
          state: 'State',
        },
        slugHelp: 'Lower-case letters, digits and dashes, e.g. antibodies',
        productsHelp: 'Up to 30 catalogue numbers, in the order shown; each gets the promotion badge while it runs',
        endQuestion:
          'The promotion ends now: it leaves Home and its products’ badges, and its page says it has expired. This cannot be undone.',
      },
    },
  },
  zh: {
    resources: {
      promotions: {
        name: '促销活动',
        create: '新建促销活动',
        editTitle: '促销活动：%{title}',
        empty: '此标签下没有促销活动。',
        fields: {
          title: '标题',
          page: '页面',
          category: '分类（用于网址）',
          subject: '主题（用于网址）',
          summary: '摘要',
          bodyHtml: '页面正文',
          bannerImage: '横幅图片',
          startAt: '开始时间',
          endAt: '结束时间',
          products: '推荐产品',
          sortOrder: '排序',
          state: '状态',
        },
        slugHelp: '小写字母、数字和短横线，例如 antibodies',
        productsHelp: '最多 30 个货号，按显示顺序排列；活动期间这些产品会显示促销标记',
        endQuestion: '该促销活动将立即结束：它会从首页和产品的促销标记中移除，其页面将显示已过期。此操作无法撤销。',
      },
    },
  },
}
