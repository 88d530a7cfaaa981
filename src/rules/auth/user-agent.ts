/** Spec section 1: "Mobile is detected by user agent." and the messaging-app browser is supported. */
export const isWechatBrowser = (ua: string) => /MicroMessenger/i.test(ua)
export const isMobileUA = (ua: string) => /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|Windows Phone/i.test(ua)

export type LoginFlow = 'wechat-miniprogram' | 'wechat-inapp-oauth' | 'wechat-qr' | 'username-oidc'

/**
 * Which login flows a platform offers (spec sections 1 and 7): the mini-program logs in with
 * WeChat's code; inside the messaging-app browser the in-app OAuth redirect; on a desktop browser
 * the QR-code OAuth page; username login through the identity provider everywhere but the
 * mini-program. The first is the default.
 */
export function loginFlowsFor(platform: 'weapp' | 'h5', ua: string): LoginFlow[] {
  if (platform === 'weapp') return ['wechat-miniprogram']
  if (isWechatBrowser(ua)) return ['wechat-inapp-oauth', 'username-oidc']
  if (!isMobileUA(ua)) return ['username-oidc', 'wechat-qr']
  return ['username-oidc']
}
