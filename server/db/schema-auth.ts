/** Tables of the auth domain (issue 4). */
export interface AuthTables {}
