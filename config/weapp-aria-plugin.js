/**
 * A Taro build plugin: WeChat reads `aria-role` and `aria-label` on its components, but Taro 4.2's
 * weapp templates do not carry them, so the props ariaRole / ariaLabel that src/platform/a11y.tsx
 * sets were dropped from dist/weapp. This adds the two attributes to the templates of the components
 * our controls are built from (view, text, image, button). H5 needs nothing: it renders real DOM
 * attributes.
 *
 * Taro's mini-program platforms call `ctx.onSetupClose(platform)` once their template is set up and
 * before the build reads it (@tarojs/service/dist/platform-plugin-base/mini.js); registering that method
 * is how a plugin reaches the template (the way Taro's own plugins add component attributes).
 */
const ARIA = { 'aria-role': '', 'aria-label': '' } // '' = no default: bound from the prop when it is set

module.exports = (ctx) => {
  ctx.registerMethod('onSetupClose', (platform) => {
    const template = platform && platform.template
    if (!template || typeof template.mergeComponents !== 'function') return // H5: no templates
    template.mergeComponents(ctx, { View: ARIA, Text: ARIA, Image: ARIA, Button: ARIA })
  })
}
