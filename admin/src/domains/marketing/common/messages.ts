import type { Messages } from '../../../i18n/messages'

/** Words every marketing screen shares (flash sales, coupons, promotions, articles, banners). */
export const commonMessages: Messages = {
  en: {
    admin: {
      marketing: {
        state: { scheduled: 'Scheduled', running: 'Live', ended: 'Ended' },
        zone: { cn: 'China time (UTC+8)', in: 'India time (UTC+5:30)' },
        inEnglish: '%{name} (English)',
        inChinese: '%{name} (Chinese)',
        english: 'English',
        chinese: 'Chinese',
        end: 'End now',
        ended: 'Ended',
        endedNote: 'This item has ended: it can no longer be changed.',
        lastChange: 'Last changed %{at} (%{by})',
        nothingChanged: 'Nothing has changed.',
        seeded: 'as first loaded',
        saved: 'Saved',
        created: 'Created',
        savedPreview: 'Saved text, as buyers see it',
        savedPreviewHelp:
          'The server cleans the text on save with the storefront’s rules: scripts, event handlers, other sites’ images and unsafe links are removed. This is what was kept.',
        richTextHelp:
          'Headings, lists, links (http, https or app pages), tables and images of our own media (/media/…) are kept; everything else is removed on save.',
        mediaHelp: 'A path of our own media, e.g. /media/banners/spring.jpg',
        catalogNumbersHelp: 'Catalogue numbers, separated by commas or new lines',
        sortOrderHelp: 'Lower numbers come first',
        window: 'When',
        texts: 'Texts',
      },
    },
  },
  zh: {
    admin: {
      marketing: {
        state: { scheduled: '已排期', running: '进行中', ended: '已结束' },
        zone: { cn: '中国时间（UTC+8）', in: '印度时间（UTC+5:30）' },
        inEnglish: '%{name}（英文）',
        inChinese: '%{name}（中文）',
        english: '英文',
        chinese: '中文',
        end: '立即结束',
        ended: '已结束',
        endedNote: '该项目已结束，无法再修改。',
        lastChange: '最近修改：%{at}（%{by}）',
        nothingChanged: '没有任何改动。',
        seeded: '初始数据',
        saved: '已保存',
        created: '已创建',
        savedPreview: '已保存的内容（买家所见）',
        savedPreviewHelp:
          '服务器在保存时按商城的规则清理文本：脚本、事件处理属性、外站图片和不安全的链接都会被移除。以下是保留下来的内容。',
        richTextHelp:
          '可保留标题、列表、链接（http、https 或小程序页面）、表格以及本站媒体库的图片（/media/…）；其他内容在保存时会被移除。',
        mediaHelp: '本站媒体库中的路径，例如 /media/banners/spring.jpg',
        catalogNumbersHelp: '货号，用逗号或换行分隔',
        sortOrderHelp: '数字越小越靠前',
        window: '时间',
        texts: '文案',
      },
    },
  },
}
