import type { Messages } from '../../../i18n/messages'

export const supplyCentreMessages: Messages = {
  en: {
    resources: {
      'supply-centre-requests': {
        name: 'Supply-centre changes',
        fields: {
          requestId: 'Request',
          kind: 'Kind',
          account: 'Account',
          user: 'Buyer',
          shipToNum: 'Ship-to',
          supplyCenterId: 'Supply centre (now → asked)',
          currentSupplyCenterId: 'Serving now',
          supplyCenterName: 'Asked for',
          reason: 'Buyer’s reason',
          submittedAt: 'Submitted',
          status: 'Status',
          reviewDueBy: 'Review due by',
          decidedBy: 'Decided by',
          decisionReason: 'Reason given',
        },
        kinds: { apply: 'First centre', change: 'Change of centre' },
        approveQuestion: '%{centre} will serve ship-to %{shipTo}; the buyer is told. This cannot be undone here.',
        rejectQuestion: 'The buyer is told the request was rejected, with your reason. This cannot be undone.',
      },
    },
  },
  zh: {
    resources: {
      'supply-centre-requests': {
        name: '供应中心变更',
        fields: {
          requestId: '申请号',
          kind: '类型',
          account: '客户',
          user: '买家',
          shipToNum: '收货方',
          supplyCenterId: '供应中心（当前 → 申请）',
          currentSupplyCenterId: '当前供应中心',
          supplyCenterName: '申请的供应中心',
          reason: '买家的理由',
          submittedAt: '提交时间',
          status: '状态',
          reviewDueBy: '审核截止',
          decidedBy: '处理人',
          decisionReason: '告知的原因',
        },
        kinds: { apply: '首次申请', change: '变更供应中心' },
        approveQuestion: '%{centre} 将为收货方 %{shipTo} 供货，并通知买家。此操作在此无法撤销。',
        rejectQuestion: '将通知买家申请被拒绝，并附上您的原因。此操作无法撤销。',
      },
    },
  },
}
