import type { ReactNode } from 'react'
import { AppBar, Layout, Logout, UserMenu, useGetIdentity } from 'react-admin'
import { ConsoleMenu } from './Menu'

/** The user menu's button is named by what it shows, the member's name (its accessible name contains its text). */
function ConsoleUserMenu() {
  const { identity } = useGetIdentity()
  return (
    <UserMenu label={identity?.fullName ?? 'ra.auth.user_menu'}>
      <Logout />
    </UserMenu>
  )
}

function ConsoleAppBar() {
  return <AppBar userMenu={<ConsoleUserMenu />} />
}

export function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={ConsoleMenu} appBar={ConsoleAppBar}>
      {children}
    </Layout>
  )
}
