import fs from 'node:fs'
import path from 'node:path'
import {
  ALL_PERMISSIONS,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  STAFF_ROLES,
  permissionsOf,
  roleMay,
} from '../../types/staff/permissions'

/**
 * Issue 24: "Roles: administrator, order desk, customer service, catalogue, marketing, finance (read invoices and
 * AR). A table of permissions per role."
 */
describe('staff roles and permissions (types/staff/permissions.ts)', () => {
  it("the issue's six roles", () => {
    expect([...STAFF_ROLES]).toEqual([
      'administrator',
      'orderDesk',
      'customerService',
      'catalogue',
      'marketing',
      'finance',
    ])
  })

  it('every role reads its own profile; the administrator may do everything', () => {
    for (const role of STAFF_ROLES) expect(roleMay([role], 'staff.read')).toBe(true)
    expect(ROLE_PERMISSIONS.administrator).toEqual(ALL_PERMISSIONS)
  })

  it('finance reads invoices and AR, and the accounts and orders they belong to (issue 25: "finance reads an account\'s invoices"); it changes nothing', () => {
    expect(ROLE_PERMISSIONS.finance).toEqual(['staff.read', 'account.read', 'order.read', 'invoice.read', 'ar.read'])
  })

  it('only the administrator manages staff and reads the audit log', () => {
    for (const role of STAFF_ROLES) {
      expect(roleMay([role], 'staff.manage')).toBe(role === 'administrator')
      expect(roleMay([role], 'audit.read')).toBe(role === 'administrator')
    }
  })

  it('each permission of a role is a known permission; roles combine; an unknown role grants nothing', () => {
    for (const role of STAFF_ROLES) for (const p of ROLE_PERMISSIONS[role]) expect(PERMISSIONS[p]).toBeTruthy()
    expect(roleMay(['finance', 'catalogue'], 'catalogue.import')).toBe(true)
    expect(roleMay(['finance'], 'catalogue.import')).toBe(false)
    expect(roleMay(['root'], 'staff.read')).toBe(false)
    expect(roleMay([], 'staff.read')).toBe(false)
    expect(permissionsOf(['marketing'])).toEqual([
      'staff.read',
      'flashSale.manage',
      'promotion.manage',
      'coupon.manage',
      'gift.manage',
      'draw.manage',
      'content.manage',
      'catalogue.read',
    ])
  })

  it('docs/staff.md shows the roles × permissions table as ROLE_PERMISSIONS has it', () => {
    const doc = fs.readFileSync(path.join(__dirname, '../../docs/staff.md'), 'utf8')
    const rows = doc
      .split('\n')
      .filter((l) => /^\| `[a-zA-Z.]+` \|/.test(l))
      .map((l) =>
        l
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim()),
      )
    expect(rows.map((r) => r[0].replace(/`/g, ''))).toEqual(ALL_PERMISSIONS)
    const header = doc
      .split('\n')
      .find((l) => l.startsWith('| Permission |'))!
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim())
    expect(header.slice(1, 1 + STAFF_ROLES.length)).toEqual([...STAFF_ROLES])
    for (const r of rows) {
      const p = r[0].replace(/`/g, '') as (typeof ALL_PERMISSIONS)[number]
      STAFF_ROLES.forEach((role, i) => expect([p, role, r[1 + i] === '✓']).toEqual([p, role, roleMay([role], p)]))
      expect(r[1 + STAFF_ROLES.length]).toBe(PERMISSIONS[p])
    }
  })
})
