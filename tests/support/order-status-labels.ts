/**
 * The Chinese names of the order statuses, in the order of ORDER_STATUS_LABELS (types/order/statuses.ts): what the
 * app shows (tests/app/order-statuses.test.ts) and what the order export writes in Chinese
 * (tests/server/order-export.test.ts).
 */
export const ZH_ORDER_STATUS_LABELS = [
  '已提交',
  '处理中',
  '待审核',
  '财务审核中',
  '待审批',
  '地址待验证',
  '部分发货',
  '已发货',
  '已送达',
  '已完成',
  '已取消',
  '暂缓处理',
]
