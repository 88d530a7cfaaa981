import { Fragment } from 'react'
import { ListSubheader } from '@mui/material'
import TodayIcon from '@mui/icons-material/Today'
import { Menu, usePermissions, useTranslate } from 'react-admin'
import type { Permission } from '../../../types/staff/permissions'
import { RESOURCES } from '../domains'
import { SECTIONS } from '../resource'

/**
 * The console's menu: Today, then each section's screens that the member's roles allow (GET /admin/me's
 * permissions). A hidden screen is still refused by the server if its address is opened.
 */
export function ConsoleMenu() {
  const translate = useTranslate()
  const { permissions } = usePermissions<Permission[]>()
  const allowed = RESOURCES.filter((r) => !r.hidden && permissions?.includes(r.permission))
  return (
    <Menu>
      <Menu.DashboardItem primaryText={translate('admin.sections.today')} leftIcon={<TodayIcon />} />
      {SECTIONS.filter((s) => s !== 'today').map((section) => {
        const items = allowed.filter((r) => r.section === section)
        if (!items.length) return null
        return (
          <Fragment key={section}>
            <ListSubheader component='div' sx={{ lineHeight: '32px', mt: 1, bgcolor: 'transparent' }}>
              {translate(`admin.sections.${section}`)}
            </ListSubheader>
            {items.map((r) => (
              <Menu.ResourceItem key={r.name} name={r.name} />
            ))}
          </Fragment>
        )
      })}
    </Menu>
  )
}
