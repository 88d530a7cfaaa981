// Build-time constants (config/index.ts defineConstants) and Taro's config helpers.
declare const API_BASE_URL: string
declare const APP_SOURCE: 'h5' | 'weapp'
declare function defineAppConfig<T>(config: T): T
declare function definePageConfig<T>(config: T): T
declare module '*.scss'
declare module '*.png'
declare module '*.svg'
