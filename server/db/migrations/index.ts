import type { Migration, MigrationProvider } from 'kysely/migration'
import * as m0001 from './0001_initial'
import * as m0002 from './0002_trigram_search'
import * as m0003 from './0003_catalog'
import * as m0004 from './0004_marketing'
import * as m0005 from './0005_account'
import * as m0006 from './0006_auth'
import * as m0007 from './0007_cart_order'
import * as m0008 from './0008_search_costs'
import * as m0009 from './0009_flashbuy'
import * as m0010 from './0010_order_requests'
import * as m0011 from './0011_enquiries_confirmations'
import * as m0012 from './0012_order_history_index'
import * as m0013 from './0013_points_ledger'
import * as m0014 from './0014_gifts'
import * as m0015 from './0015_member_play'
import * as m0016 from './0016_oidc_store'
import * as m0017 from './0017_order_export_state'
import * as m0018 from './0018_staff'
import * as m0019 from './0019_staff_signin'
import * as m0020 from './0020_account_decisions'
import * as m0021 from './0021_order_decisions'
import * as m0022 from './0022_service_decisions'
import * as m0023 from './0023_marketing_admin'
import * as m0024 from './0024_outbox'
import * as m0025 from './0025_membership_admin'
import * as m0026 from './0026_catalogue_import'
import * as m0027 from './0027_erp_inbound'
import * as m0028 from './0028_catalog_number_lookup'

/** Static provider: every migration module is imported here (works under tsx and bundlers alike). */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_trigram_search': m0002,
  '0003_catalog': m0003,
  '0004_marketing': m0004,
  '0005_account': m0005,
  '0006_auth': m0006,
  '0007_cart_order': m0007,
  '0008_search_costs': m0008,
  '0009_flashbuy': m0009,
  '0010_order_requests': m0010,
  '0011_enquiries_confirmations': m0011,
  '0012_order_history_index': m0012,
  '0013_points_ledger': m0013,
  '0014_gifts': m0014,
  '0015_member_play': m0015,
  '0016_oidc_store': m0016,
  '0017_order_export_state': m0017,
  '0018_staff': m0018,
  '0019_staff_signin': m0019,
  '0020_account_decisions': m0020,
  '0021_order_decisions': m0021,
  '0022_service_decisions': m0022,
  '0023_marketing_admin': m0023,
  '0024_outbox': m0024,
  '0025_membership_admin': m0025,
  '0026_catalogue_import': m0026,
  '0027_erp_inbound': m0027,
  '0028_catalog_number_lookup': m0028,
}

export const staticMigrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations
  },
}
