// Which address a request comes from (docs/behaviour.md §9, SANCTUARY_TRUST_PROXY): the socket's peer, or what a
// proxy the operator trusts says in X-Forwarded-For. Every per-address limit, the presence cap and the admin
// lockout count this address, so a client must never be able to choose it: a forwarded address is believed
// only from a peer the operator named (or, by default, from a proxy on the same host).
import { BlockList, isIP } from "node:net";
import type { H3Event } from "h3";
import type { TrustedProxies, TrustProxy } from "../config.ts";
import { BoundedMemo } from "../core/memo.ts";

/** IPv4-mapped IPv6 read as IPv4, the zone of a link-local address dropped: the form ranges are checked in. */
const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "").replace(/%.*$/, "");

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

function inList(list: BlockList, address: string): boolean {
  const plain = plainAddress(address);
  const family = isIP(plain);
  return family !== 0 && list.check(plain, family === 4 ? "ipv4" : "ipv6");
}

/** Whether a socket peer is a loopback address: a proxy on the same host, the only one `auto` believes. */
export function isLoopbackPeer(address: string): boolean {
  // Peers repeat (a proxy, a few clients); the answer is kept rather than asked of BlockList per request.
  return loopbackPeers.get(address, () => inList(loopback, address));
}
const loopbackPeers = new BoundedMemo<boolean>(4096);

/** The operator's list as a BlockList, built once per setting. */
const blockLists = new WeakMap<TrustedProxies, BlockList>();
export function trustedList(trust: TrustedProxies): BlockList {
  let list = blockLists.get(trust);
  if (!list) {
    list = new BlockList();
    for (const entry of trust.proxies) {
      const [address, prefix] = entry.split("/");
      const kind = isIP(address) === 4 ? "ipv4" : "ipv6";
      if (prefix === undefined) list.addAddress(address, kind);
      else list.addSubnet(address, Number(prefix), kind);
    }
    blockLists.set(trust, list);
  }
  return list;
}

const forwardedOf = (header: string | null) =>
  (header ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The client's address for a socket peer and an X-Forwarded-For header (pure).
 * - `none`: the peer, always.
 * - `auto`: from a loopback peer, the last forwarded entry (one hop: a proxy on the same host); else the peer.
 *   A private peer is not enough: `docker run -p` and layer-4 balancers hand on anyone's connection from one.
 * - `always`: the last forwarded entry from any peer (the operator vouches that every request passes a proxy).
 * - a list: from a listed peer, the first forwarded entry from the right that is not listed (a CDN and a proxy
 *   both named: the address the CDN saw); from any other peer, the peer.
 */
export function clientAddress(peer: string, forwardedFor: string | null, trust: TrustProxy): string {
  if (trust === "none") return peer;
  if (trust === "auto" || trust === "always") {
    if (trust === "auto" && !isLoopbackPeer(peer)) return peer;
    // Most requests carry no X-Forwarded-For at all (a local client, a proxy that does not add one).
    if (!forwardedFor) return peer;
    return forwardedOf(forwardedFor).pop() ?? peer;
  }
  const list = trustedList(trust);
  if (!inList(list, peer)) return peer;
  const hops = forwardedOf(forwardedFor);
  for (let i = hops.length - 1; i >= 0; i--) if (!inList(list, hops[i])) return hops[i];
  // Every hop is a trusted proxy: the one furthest out is the nearest thing to a client there is.
  return hops[0] ?? peer;
}

/** The client's address of a request (docs/behaviour.md §9). */
export function clientIp(event: H3Event, trust: TrustProxy): string {
  const peer = event.req.ip ?? "unknown";
  if (trust === "none") return peer;
  return clientAddress(peer, event.req.headers.get("x-forwarded-for"), trust);
}
