import type { Messages } from '../../../i18n/messages'

export const shipToMessages: Messages = {
  en: {
    resources: {
      'ship-tos': {
        name: 'Ship-to approvals',
        fields: {
          webReference: 'Reference',
          account: 'Account',
          address: 'Address',
          submittedAt: 'Submitted',
          waitingOrders: 'Waiting orders',
          status: 'Status',
          attentionTo: 'Attention to',
          companyOrInstitution: 'Company or institution',
          deptOrLab: 'Department or lab',
          phone: 'Phone',
          email: 'Email',
          submittedBy: 'Submitted by',
          reviewDueBy: 'Review due by',
          decidedBy: 'Decided by',
          decisionReason: 'Reason given',
          shipToNumber: 'Ship-to number',
        },
        approveQuestion:
          'The address becomes an active ship-to. %{smart_count} waiting order moves on. |||| The address becomes an active ship-to. %{smart_count} waiting orders move on.',
        rejectQuestion: 'The buyer is told the address was rejected, with your reason. This cannot be undone.',
        shipToNumberHelp: 'The ERP account number of the address; left empty, one is given.',
      },
    },
  },
  zh: {
    resources: {
      'ship-tos': {
        name: '收货地址审核',
        fields: {
          webReference: '参考号',
          account: '客户',
          address: '地址',
          submittedAt: '提交时间',
          waitingOrders: '等待中的订单',
          status: '状态',
          attentionTo: '收件人',
          companyOrInstitution: '公司或机构',
          deptOrLab: '部门或实验室',
          phone: '电话',
          email: '邮箱',
          submittedBy: '提交人',
          reviewDueBy: '审核截止',
          decidedBy: '处理人',
          decisionReason: '告知的原因',
          shipToNumber: '收货方编号',
        },
        approveQuestion: '该地址将成为有效的收货地址，%{smart_count} 个等待中的订单将继续处理。',
        rejectQuestion: '将通知买家该地址被拒绝，并附上您的原因。此操作无法撤销。',
        shipToNumberHelp: '该地址在 ERP 中的客户编号；留空则自动分配。',
      },
    },
  },
}
