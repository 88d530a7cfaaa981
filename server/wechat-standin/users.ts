/**
 * The stand-in WeChat's users (fixed openids). The seed binds each `boundTo` openid to that demo user
 * (wechat_bindings); the last one is bound to nobody, for the "unbound openid" path.
 */
export interface StandinWechatUser {
  openid: string
  unionid: string
  nickname: string
  boundTo: string | null
}

export const STANDIN_WECHAT_USERS: StandinWechatUser[] = [
  {
    openid: 'oStandin-approved-cn',
    unionid: 'uStandin-0001',
    nickname: '王小明 (approved.cn)',
    boundTo: 'approved.cn',
  },
  { openid: 'oStandin-lite-cn', unionid: 'uStandin-0002', nickname: '刘洋 (lite.cn)', boundTo: 'lite.cn' },
  {
    openid: 'oStandin-distributor-cn',
    unionid: 'uStandin-0003',
    nickname: '周强 (distributor.cn)',
    boundTo: 'distributor.cn',
  },
  {
    openid: 'oStandin-approved-in',
    unionid: 'uStandin-0004',
    nickname: 'Priya Sharma (approved.in)',
    boundTo: 'approved.in',
  },
  { openid: 'oStandin-unbound', unionid: 'uStandin-0005', nickname: '新用户 (not bound)', boundTo: null },
]

export const standinUser = (openid: string) => STANDIN_WECHAT_USERS.find((u) => u.openid === openid)
