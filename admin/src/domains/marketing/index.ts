import type { ResourceDef } from '../../resource'
import type { Messages } from '../../i18n/messages'

/** The marketing domain's screens in the console (issue 25). */
export const resources: ResourceDef[] = []

export const messages: Messages = { en: {}, zh: {} }
