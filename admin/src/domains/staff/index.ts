import HistoryIcon from '@mui/icons-material/History'
import BadgeIcon from '@mui/icons-material/Badge'
import type { ResourceDef } from '../../resource'
import type { Messages } from '../../i18n/messages'
import { AuditLog } from './audit/AuditLog'
import { StaffMembers } from './members/StaffMembers'
import { staffMessages } from './messages'

/** The staff domain's screens in the console (issue 25), the administration section: the audit log, staff roles. */
export const resources: ResourceDef[] = [
  {
    name: 'audit',
    section: 'admin',
    permission: 'audit.read',
    api: { list: 'audit', maxPageSize: 100 },
    icon: HistoryIcon,
    list: AuditLog,
  },
  {
    name: 'staff',
    section: 'admin',
    permission: 'staff.manage',
    api: { list: 'staffList', update: 'setRoles' },
    icon: BadgeIcon,
    list: StaffMembers,
  },
]

export const messages: Messages = staffMessages
