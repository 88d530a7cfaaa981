import { useEffect, useState } from 'react'
import { View, Text, Button } from '@tarojs/components'
import type { PersonaSaveBody } from '../../../../types'
import type { MessageKey } from '../../../i18n'
import PageShell from '../../../components/page-shell'
import LoginGate from '../../../components/auth/login-gate'
import { showToast } from '../../../store/toast'
import { useT, useLocale } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import {
  PERSONA_SECTIONS,
  selectedCodes,
  toggleCode,
  usePersona,
  type PersonaSection,
} from '../../../store/account/persona'
import { tapProps } from '../../../components/tappable'
import StatePanel, { LoadingPanel } from '../../../components/state-panel'
import './index.scss'

const TITLE: Record<PersonaSection, MessageKey> = {
  roles: 'acct.persona.roles',
  industries: 'acct.persona.industries',
  interestAreas: 'acct.persona.interestAreas',
}

/**
 * My interests (/my-account/Persona): roles, industries and interest areas from GET /persona, with
 * the spec section 7 fallback GET /persona/getDSPersona; edited by choosing from GET /persona/options
 * and saved with POST /persona.
 */
export default function PersonaPage() {
  const t = useT()
  const language = useLocale((s) => s.language)
  const userId = useSession((s) => s.userInfo?.userProfile.userId ?? null)
  const { status, persona, fallback, options, saving } = usePersona()
  const [draft, setDraft] = useState<PersonaSaveBody | null>(null)

  useEffect(() => {
    if (userId) {
      setDraft(null)
      usePersona.getState().load()
    }
  }, [userId, language])

  const save = async () => {
    if (!draft) return
    const ok = await usePersona.getState().save(draft)
    if (ok) {
      setDraft(null)
      showToast(t('acct.persona.saved'))
    } else showToast(t('acct.persona.saveFailed'))
  }

  return (
    <PageShell header={{ title: t('screen.persona') }}>
      <LoginGate>
        {status === 'loading' && <LoadingPanel className='persona-state' message={t('acct.persona.loading')} />}
        {status === 'failed' && (
          <StatePanel
            block='persona-state'
            error={t('acct.persona.loadError')}
            button
            action={{ label: t('home.retry'), onTap: () => usePersona.getState().load() }}
          />
        )}
        {status === 'ready' && persona && (
          <View className='persona'>
            <Text className='persona__hint'>
              {t(draft ? 'acct.persona.hint' : fallback ? 'acct.persona.suggested' : 'acct.persona.hint')}
            </Text>
            {PERSONA_SECTIONS.map((s) => (
              <View key={s} className={`persona__section persona__section--${s}`}>
                <Text className='persona__title'>{t(TITLE[s])}</Text>
                <View className='persona__chips'>
                  {draft ? (
                    (options?.[s] ?? []).map((o) => {
                      const on = draft[s].includes(o.code)
                      return (
                        <Text
                          key={o.code}
                          className={`persona__chip persona__option${on ? ' persona__chip--on' : ''}`}
                          {...tapProps(() => setDraft(toggleCode(draft, s, o.code)), {
                            role: 'checkbox',
                            selected: on,
                          })}
                        >
                          {o.label}
                        </Text>
                      )
                    })
                  ) : persona[s].length ? (
                    persona[s].map((label) => (
                      <Text key={label} className='persona__chip persona__value'>
                        {label}
                      </Text>
                    ))
                  ) : (
                    <Text className='persona__none'>{t('acct.persona.none')}</Text>
                  )}
                </View>
              </View>
            ))}
            <View className='persona__actions'>
              {draft ? (
                <>
                  <Button className='persona__cancel' {...tapProps(() => setDraft(null))}>
                    {t('acct.persona.cancel')}
                  </Button>
                  <Button className='persona__save' {...tapProps(save, { disabled: saving })}>
                    {t(saving ? 'acct.persona.saving' : 'acct.persona.save')}
                  </Button>
                </>
              ) : (
                <Button
                  className='persona__edit'
                  {...tapProps(() => setDraft(selectedCodes(persona, options)), { disabled: !options })}
                >
                  {t('acct.persona.edit')}
                </Button>
              )}
            </View>
          </View>
        )}
      </LoginGate>
    </PageShell>
  )
}
