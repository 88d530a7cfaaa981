import type { Messages } from '../../../i18n/messages'

export const bannerMessages: Messages = {
  en: {
    resources: {
      banners: {
        name: 'Banner |||| Banners',
        create: 'New banner',
        editTitle: 'Banner: %{title}',
        empty: 'No banners in this tab.',
        fields: {
          title: 'Title',
          subtitle: 'Subtitle',
          image: 'Image',
          link: 'Opens',
          route: 'Screen of the app',
          startAt: 'Shown from',
          endAt: 'Shown until',
          sortOrder: 'Sort order',
          state: 'State',
        },
        titleHelp: 'Shown on the slide; it is also the image’s text alternative',
        imageHelp: 'A path of our own media, e.g. /media/banners/spring.jpg (other sites’ images are refused)',
        linkHeading: 'Where a tap leads',
        routeHelp: 'A screen of the store, never an address of another site',
        param: 'Parameter “%{name}”',
        preview: 'Slide preview',
        altNote:
          'On Home the picture is decorative: the title and subtitle are the slide’s text, read out by screen readers.',
        endQuestion: 'The banner leaves Home now. This cannot be undone.',
      },
    },
  },
  zh: {
    resources: {
      banners: {
        name: '横幅',
        create: '新建横幅',
        editTitle: '横幅：%{title}',
        empty: '此标签下没有横幅。',
        fields: {
          title: '标题',
          subtitle: '副标题',
          image: '图片',
          link: '跳转至',
          route: '小程序页面',
          startAt: '展示开始',
          endAt: '展示结束',
          sortOrder: '排序',
          state: '状态',
        },
        titleHelp: '显示在横幅上，同时作为图片的替代文字',
        imageHelp: '本站媒体库中的路径，例如 /media/banners/spring.jpg（不接受外站图片）',
        linkHeading: '点击后跳转',
        routeHelp: '商城内的页面，不能是其他网站的地址',
        param: '参数“%{name}”',
        preview: '横幅预览',
        altNote: '首页上图片仅作装饰：标题和副标题是横幅的文字内容，屏幕阅读器会朗读它们。',
        endQuestion: '该横幅将立即从首页移除。此操作无法撤销。',
      },
    },
  },
}
