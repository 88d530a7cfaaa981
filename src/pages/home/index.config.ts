export default definePageConfig({
  onReachBottomDistance: 200,
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
