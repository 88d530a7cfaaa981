/** Secondary ("DS") persona source: defaults derived from the account type and country. */
export const DS_PERSONA_DEFAULTS: Record<string, { role: string[]; industry: string[]; interest: string[] }> = {
  customer: { role: ['scientist'], industry: ['academic'], interest: ['cell-biology'] },
  distributor: { role: ['purchasing'], industry: ['distribution'], interest: ['lab-consumables'] },
  agent: { role: ['purchasing'], industry: ['distribution'], interest: ['lab-consumables'] },
  special: { role: ['lab-manager'], industry: ['clinical'], interest: ['lab-consumables'] },
}
