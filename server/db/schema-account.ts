/** Tables of the account domain (issue 4). */
export interface AccountTables {}
