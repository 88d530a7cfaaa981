import type { Messages } from '../../../i18n/messages'

export const onboardingMessages: Messages = {
  en: {
    resources: {
      'onboarding-requests': {
        name: 'Account links',
        fields: {
          requestId: 'Request',
          kind: 'Kind',
          user: 'Buyer',
          accountNumber: 'Account number typed',
          companyOrInstitution: 'Company or institution typed',
          zipCode: 'Postcode typed',
          submittedAt: 'Submitted',
          status: 'Status',
          registrationStatus: 'Registration',
          account: 'Account now',
          matchingAccount: 'Account with that number',
          reviewDueBy: 'Review due by',
          decidedBy: 'Decided by',
          decisionReason: 'Reason given',
          linkedAccount: 'Linked to',
          linkTo: 'Link to account number',
        },
        kinds: { 'link-account': 'Link to an account', address: 'First address' },
        registration: {
          'Siebel Approved': 'Registered (Siebel Approved)',
          'Partially Registered': 'Partially registered',
        },
        noMatch: 'No account has this number',
        addressNote:
          'This registration waits on the buyer’s first address: it is decided with ship-to review %{id} in Ship-to approvals.',
        approveQuestion:
          'The buyer joins account %{account} and becomes a registered buyer of it. This cannot be undone.',
        linkToHelp: 'Left empty, the number the buyer typed.',
        rejectQuestion: 'The buyer is told the request was rejected, with your reason. They may send a new one.',
      },
    },
  },
  zh: {
    resources: {
      'onboarding-requests': {
        name: '客户关联申请',
        fields: {
          requestId: '申请号',
          kind: '类型',
          user: '买家',
          accountNumber: '填写的客户编号',
          companyOrInstitution: '填写的公司或机构',
          zipCode: '填写的邮编',
          submittedAt: '提交时间',
          status: '状态',
          registrationStatus: '注册状态',
          account: '当前客户',
          matchingAccount: '该编号对应的客户',
          reviewDueBy: '审核截止',
          decidedBy: '处理人',
          decisionReason: '告知的原因',
          linkedAccount: '已关联到',
          linkTo: '关联到客户编号',
        },
        kinds: { 'link-account': '关联已有客户', address: '首个地址' },
        registration: {
          'Siebel Approved': '已注册（Siebel 已审核）',
          'Partially Registered': '部分注册',
        },
        noMatch: '没有客户使用该编号',
        addressNote: '该注册在等待买家的首个地址审核：请在“收货地址审核”中处理审核单 %{id}。',
        approveQuestion: '买家将加入客户 %{account}，成为该客户的注册买家。此操作无法撤销。',
        linkToHelp: '留空则使用买家填写的编号。',
        rejectQuestion: '将通知买家申请被拒绝，并附上您的原因。买家可以重新提交申请。',
      },
    },
  },
}
