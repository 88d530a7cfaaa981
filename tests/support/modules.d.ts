// Taro's React runtime entry, used by the test utilities the way Taro 4's H5 entry uses it.
declare module '@tarojs/plugin-framework-react/dist/runtime'
