import { Box, Typography } from '@mui/material'
import { useMemo } from 'react'
import {
  ClearButtons,
  DefaultEditorOptions,
  FormatButtons,
  ImageButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
} from 'ra-input-rich-text'
import { useTranslate } from 'react-admin'

/** links inside the text get a 24 px target (axe target-size: a list of links is not text with links in it) */
export const LINK_TARGETS = {
  '& a': { display: 'inline-block', minHeight: 24, lineHeight: '24px' },
  '& li + li': { mt: 0.5 },
}

/** the editor: links with their targets, pictures kept small (the saved preview shows them at their size) */
const EDITOR_SX = {
  '& .ProseMirror': {
    ...LINK_TARGETS,
    '& img, & [data-resize-container], & [data-resize-wrapper]': { maxWidth: 240, maxHeight: 240, height: 'auto' },
  },
}

/**
 * The editor's buttons: what the storefront keeps (server/lib/sanitize.ts). Without the heading-level menu (its
 * button's name does not contain its visible text, an axe "serious"), colours and alignment (style attributes are
 * removed on save); headings are typed as "# ", "## " at a line's start.
 */
const TOOLBAR = (
  <RichTextInputToolbar>
    <FormatButtons size='medium' />
    <ListButtons size='medium' />
    <LinkButtons size='medium' />
    <ImageButtons size='medium' />
    <QuoteButtons size='medium' />
    <ClearButtons size='medium' />
  </RichTextInputToolbar>
)

/**
 * Rich text in both languages (ra-input-rich-text's editor). What it produces is HTML the server sanitises on save
 * with the storefront's rules (server/lib/sanitize.ts); the edit page shows what was kept (SavedHtml).
 */
export function BilingualRichText({ source, label }: { source: string; label: string }) {
  const translate = useTranslate()
  const name = translate(label)
  const en = translate('admin.marketing.inEnglish', { name })
  const zh = translate('admin.marketing.inChinese', { name })
  return (
    <Box sx={{ width: '100%', display: 'grid', gap: 1 }}>
      <RichTextInput
        source={`${source}.en`}
        label={en}
        editorOptions={useNamedEditor(en, 'en')}
        toolbar={TOOLBAR}
        sx={EDITOR_SX}
        fullWidth
        isRequired
        helperText={false}
      />
      <RichTextInput
        source={`${source}.zh`}
        label={zh}
        editorOptions={useNamedEditor(zh, 'zh-CN')}
        toolbar={TOOLBAR}
        sx={EDITOR_SX}
        fullWidth
        isRequired
        helperText={false}
      />
      <Typography variant='body2' color='text.secondary'>
        {translate('admin.marketing.richTextHelp')}
      </Typography>
    </Box>
  )
}

/** the editor's options with its accessible name (the editable area is a text box named by the field's label) */
function useNamedEditor(label: string, lang: string) {
  return useMemo(
    () => ({
      ...DefaultEditorOptions,
      editorProps: {
        attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, lang },
      },
    }),
    [label, lang],
  )
}
