/**
 * Which X-Forwarded-For / X-Forwarded-Proto entries the server believes (Fastify's trustProxy), from
 * TRUST_PROXY: the addresses of the proxies in front, comma-separated, as addresses, CIDRs or the names
 * `loopback`, `linklocal`, `uniquelocal` (proxy-addr's); e.g. `10.0.0.0/8` for a load balancer inside the
 * network, `loopback` for one on the same machine. Entries are believed only while the hop that wrote
 * them is one of those proxies, so an X-Forwarded-For a client wrote itself is never taken as its
 * address. Unset, '' or '0': no proxy; the client's address is the socket's.
 * A bare number of hops (or '1', which once meant "believe every hop") is refused: Fastify no longer
 * honours hop counts, and believing every hop would let a client pick its own address and step around
 * the per-IP login limits.
 */
export function trustProxyOption(value: string | undefined): false | string {
  const v = (value ?? '').trim()
  if (v === '' || v === '0') return false
  if (/^\d+$/.test(v)) {
    throw new Error(
      `TRUST_PROXY=${v}: give the proxies' addresses or CIDRs (e.g. "loopback" or "10.0.0.0/8"), not a number`,
    )
  }
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(',')
}
