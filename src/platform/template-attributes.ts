import { mergeInternalComponents } from '@tarojs/shared'

/**
 * Mini-program: the runtime half of config/weapp-aria-plugin.js. The build adds `aria-role` and
 * `aria-label` to the view, text, image and button templates; the runtime must know the same
 * attributes so that the props ariaRole / ariaLabel (src/platform/a11y.tsx) reach them. Both sides
 * number attributes from the same merged list, so the two patches must stay alike. Imported first by
 * src/app.ts, before any page renders. H5 renders DOM attributes and needs nothing (.h5.ts).
 */
const ARIA = { 'aria-role': '', 'aria-label': '' }

mergeInternalComponents({ View: ARIA, Text: ARIA, Image: ARIA, Button: ARIA })
