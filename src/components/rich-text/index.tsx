import { useMemo } from 'react'
import Taro from '@tarojs/taro'
import { View, Text, RichText } from '@tarojs/components'
import { useT } from '../../store/locale'
import { showToast } from '../../store/toast'
import { navigation } from '../../platform/navigation'
import { resolveSpecPath, type RouteName } from '../../../types/routes'
import { escapeTextForWeapp, parseRichText, type RichTextLink, type RichTextNode } from './parse'
import { tapProps } from '../tappable'
import './index.scss'
import { richTextReadsEntities } from '../../platform/system'

const hostOf = (href: string) => href.replace(/^https?:\/\//i, '').split(/[/?#]/)[0]

/** An address of this app in the text, as a route of the app (null when it names no screen). */
export function inAppTarget(href: string): { route: RouteName; params: Record<string, string> } | null {
  const [path, query = ''] = href.split('#')[0].split('?')
  const hit = resolveSpecPath(path)
  if (!hit) return null
  const params: Record<string, string> = {}
  for (const part of query.split('&')) {
    if (!part) continue
    const [k, v = ''] = part.split('=')
    try {
      params[decodeURIComponent(k)] = decodeURIComponent(v.replace(/\+/g, ' '))
    } catch {
      /* skipped */
    }
  }
  return { route: hit.route.name, params: { ...params, ...hit.params } }
}

/**
 * Article HTML, rendered safely: the server's sanitized HTML is parsed into RichText nodes with an
 * allow-list again here (see ./parse). Nothing in the text is tappable; its links are listed under
 * it: an address of this app opens in the app, a link to another site is only offered to copy
 * (links to other sites are not followed inside the app).
 */
export default function SafeRichText({
  html,
  showLinks = true,
  hideLink,
}: {
  html: string
  showLinks?: boolean
  /** links already shown elsewhere on the screen (e.g. featured products) */
  hideLink?: (target: { route: RouteName; params: Record<string, string> }) => boolean
}) {
  const t = useT()
  const parsed = useMemo(() => parseRichText(html ?? '', API_BASE_URL), [html])
  const nodes = useMemo<RichTextNode[]>(
    () => (richTextReadsEntities ? escapeTextForWeapp(parsed.nodes) : parsed.nodes),
    [parsed],
  )
  type Listed = { link: RichTextLink; target: ReturnType<typeof inAppTarget> }
  const links = useMemo(
    () =>
      parsed.links.flatMap((l): Listed[] => {
        if (l.kind === 'external') return [{ link: l, target: null }]
        const target = inAppTarget(l.href)
        return target && !hideLink?.(target) ? [{ link: l, target }] : []
      }),
    [parsed, hideLink],
  )
  const copy = (href: string) =>
    Taro.setClipboardData({ data: href })
      .then(() => {
        showToast(t('richText.copied'))
      })
      .catch(() => undefined)
  const act = (l: RichTextLink, target: ReturnType<typeof inAppTarget>) => {
    if (target) navigation.go(target.route, target.params)
    else copy(l.href)
  }
  return (
    <View className='safe-rich-text'>
      <RichText className='safe-rich-text__body' nodes={nodes as never} userSelect />
      {showLinks && links.length > 0 && (
        <View className='safe-rich-text__links'>
          <Text className='safe-rich-text__links-title'>{t('richText.links')}</Text>
          {links.map(({ link, target }) => (
            <View
              className={`safe-rich-text__link safe-rich-text__link--${link.kind}`}
              key={link.href}
              {...tapProps(() => act(link, target))}
            >
              <View className='safe-rich-text__link-text'>
                <Text className='safe-rich-text__link-label'>{link.text}</Text>
                {!target && (
                  <Text className='safe-rich-text__link-host'>
                    {t('richText.outside', { host: hostOf(link.href) })}
                  </Text>
                )}
              </View>
              <Text className='safe-rich-text__copy'>{target ? t('richText.open') : t('richText.copy')}</Text>
            </View>
          ))}
        </View>
      )}
    </View>
  )
}
