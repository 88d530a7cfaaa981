export default definePageConfig({ onReachBottomDistance: 300 })
