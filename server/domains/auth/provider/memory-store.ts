import type { Adapter, AdapterPayload } from 'oidc-provider'

/**
 * The embedded provider's store for its own artefacts (interactions, sessions, codes, grants, tokens):
 * in memory, one per provider, for one server process. Entries expire with their TTL; at most
 * `maxEntries` are kept (expired ones are swept first, then the oldest go), so memory stays bounded.
 * (oidc-provider's built-in memory adapter shares one 1000-entry LRU across the whole process.)
 */
export function createMemoryStore(maxEntries = 50_000) {
  const entries = new Map<string, { payload: AdapterPayload; expiresAt: number }>()
  const index = new Map<string, string>() // 'Model:uid:<uid>' / 'Model:userCode:<code>' → id

  function sweep() {
    const now = Date.now()
    for (const [k, e] of entries) if (e.expiresAt <= now) entries.delete(k)
    for (const k of entries.keys()) {
      if (entries.size < maxEntries) break
      entries.delete(k)
    }
  }

  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`
    const get = (id: string | undefined) => {
      if (!id) return undefined
      const e = entries.get(key(id))
      if (!e) return undefined
      if (e.expiresAt <= Date.now()) {
        entries.delete(key(id))
        return undefined
      }
      return e.payload
    }
    return {
      async upsert(id, payload, expiresIn) {
        if (entries.size >= maxEntries) sweep()
        entries.delete(key(id))
        entries.set(key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY })
        if (payload.uid) index.set(`${model}:uid:${payload.uid}`, id)
        if (payload.userCode) index.set(`${model}:userCode:${payload.userCode}`, id)
      },
      async find(id) {
        return get(id)
      },
      async findByUid(uid) {
        return get(index.get(`${model}:uid:${uid}`))
      },
      async findByUserCode(userCode) {
        return get(index.get(`${model}:userCode:${userCode}`))
      },
      async consume(id) {
        const p = get(id)
        if (p) p.consumed = Math.floor(Date.now() / 1000)
      },
      async destroy(id) {
        const p = get(id)
        entries.delete(key(id))
        if (p?.uid) index.delete(`${model}:uid:${p.uid}`)
        if (p?.userCode) index.delete(`${model}:userCode:${p.userCode}`)
      },
      async revokeByGrantId(grantId) {
        for (const [k, e] of entries) if (e.payload.grantId === grantId) entries.delete(k)
      },
    }
  }
}
