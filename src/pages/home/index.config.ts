export default definePageConfig({ onReachBottomDistance: 200 })
