/** Texts of the embedded provider's pages (sign-in, registration, errors), English and Chinese. */
export type PageLang = 'en' | 'zh'

export const PAGE_MESSAGES = {
  en: {
    signInTitle: 'Sign in',
    signInIntro: 'Sign in with your username to continue to the shop.',
    username: 'Username',
    password: 'Password',
    signIn: 'Sign in',
    createAccount: 'Create account',
    noAccount: 'New here?',
    haveAccount: 'Already have an account?',
    cancel: 'Cancel and go back',
    wrongCredentials: 'Wrong username or password.',
    registerTitle: 'Create account',
    registerIntro: 'Create an account. You can add an address or link your organisation account afterwards.',
    email: 'Email',
    firstName: 'First name',
    lastName: 'Last name',
    language: 'Language',
    usernameHint: '3–40 characters: lowercase letters, digits, dot, dash or underscore.',
    passwordHint: 'At least 8 characters.',
    usernameInvalid: 'Username must be 3–40 characters of lowercase letters, digits, dot, dash or underscore.',
    usernameTaken: 'This username is already taken. Choose another one or sign in.',
    emailInvalid: 'Enter a valid email address.',
    required: '{field} is a required field',
    tooLong: '{field} is too long.',
    passwordWeak: 'Password must be at least 8 characters.',
    passwordTooLong: 'Password is too long.',
    fixErrors: 'Please correct the highlighted fields.',
    tooManyTitle: 'Too many attempts',
    tooMany: 'Too many sign-in attempts. Please wait {seconds} seconds and try again.',
    tryAgain: 'Try again',
    expiredTitle: 'Sign-in expired',
    expired: 'This sign-in page has expired or was already used. Go back to the shop and start again.',
    errorTitle: 'Sign-in error',
    error: 'Something went wrong during sign-in. Go back to the shop and start again.',
    backToShop: 'Back to the shop',
    switchLanguage: '中文',
    staffSignInTitle: 'Staff sign-in',
    staffSignInIntro: 'Sign in with your staff user name. Your authenticator code comes next.',
    noStaffRegistration: 'Staff accounts are created by an administrator.',
  },
  zh: {
    signInTitle: '登录',
    signInIntro: '使用用户名登录，继续访问商城。',
    username: '用户名',
    password: '密码',
    signIn: '登录',
    createAccount: '注册账号',
    noAccount: '还没有账号？',
    haveAccount: '已有账号？',
    cancel: '取消并返回',
    wrongCredentials: '用户名或密码错误。',
    registerTitle: '注册账号',
    registerIntro: '创建账号。之后可以添加地址或关联您的机构账号。',
    email: '邮箱',
    firstName: '名',
    lastName: '姓',
    language: '语言',
    usernameHint: '3–40 个字符：小写字母、数字、点、短横线或下划线。',
    passwordHint: '至少 8 个字符。',
    usernameInvalid: '用户名须为 3–40 个小写字母、数字、点、短横线或下划线。',
    usernameTaken: '该用户名已被使用，请换一个或直接登录。',
    emailInvalid: '请输入有效的邮箱地址。',
    required: '{field}为必填项',
    tooLong: '{field}过长。',
    passwordWeak: '密码至少需要 8 个字符。',
    passwordTooLong: '密码过长。',
    fixErrors: '请更正标出的字段。',
    tooManyTitle: '尝试次数过多',
    tooMany: '登录尝试次数过多，请等待 {seconds} 秒后再试。',
    tryAgain: '重试',
    expiredTitle: '登录已过期',
    expired: '此登录页面已过期或已使用，请返回商城重新开始。',
    errorTitle: '登录出错',
    error: '登录过程中出现问题，请返回商城重新开始。',
    backToShop: '返回商城',
    switchLanguage: 'English',
    staffSignInTitle: '员工登录',
    staffSignInIntro: '请使用员工用户名登录，下一步需输入身份验证器中的验证码。',
    noStaffRegistration: '员工账号由管理员创建。',
  },
} satisfies Record<PageLang, Record<string, string>>

export type PageMessageKey = keyof (typeof PAGE_MESSAGES)['en']

export const msg = (lang: PageLang, key: PageMessageKey, vars: Record<string, string | number> = {}) =>
  PAGE_MESSAGES[lang][key].replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? `{${k}}`))

/** ui_locales / ?lang / Accept-Language → page language; Chinese unless English is asked for first. */
export function pickLang(...candidates: (string | undefined | null)[]): PageLang {
  for (const c of candidates) {
    if (!c) continue
    for (const part of c.split(/[\s,]+/)) {
      const tag = part.split(';')[0].trim().toLowerCase()
      if (tag.startsWith('zh') || tag === 'cn') return 'zh'
      if (tag.startsWith('en')) return 'en'
    }
  }
  return 'zh'
}
