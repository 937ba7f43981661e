// The client address rule (docs/behaviour.md §9) as a function of the trust setting, the socket peer and the header.
import type { H3Event } from "h3";
import { describe, expect, it } from "vitest";
import { clientAddress, clientIp, isLoopbackPeer } from "../../adapters/client-address.ts";
import { loadConfig, type TrustProxy } from "../../config.ts";

const event = (peer: string | undefined, forwardedFor?: string) =>
  ({ req: { ip: peer, headers: new Headers(forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor }) } }) as unknown as H3Event;
const trustedProxies = (value: string) => loadConfig({ SANCTUARY_TRUST_PROXY: value }).trustProxy;

describe("isLoopbackPeer", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.8.9.10", true],
    ["::1", true],
    ["::ffff:127.0.0.1", true],
    // A private or link-local peer is what `docker run -p` and layer-4 balancers show for anyone's connection.
    ["10.1.2.3", false],
    ["172.17.0.1", false],
    ["192.168.1.1", false],
    ["169.254.10.20", false],
    ["fd12:3456::1", false],
    ["fe80::1%eth0", false],
    ["8.8.8.8", false],
    ["::ffff:203.0.113.5", false],
    ["unknown", false],
    ["", false],
  ])("%s → %s", (address, loopback) => expect(isLoopbackPeer(address)).toBe(loopback));
});

describe("clientIp", () => {
  it("auto: the last forwarded entry from a loopback peer, the peer itself from anywhere else (private peers too)", () => {
    expect(clientIp(event("127.0.0.1", "198.51.100.1, 203.0.113.7"), "auto")).toBe("203.0.113.7");
    expect(clientIp(event("::1", " 203.0.113.8 "), "auto")).toBe("203.0.113.8");
    expect(clientIp(event("172.17.0.1", "198.51.100.1"), "auto")).toBe("172.17.0.1");
    expect(clientIp(event("10.0.0.2", "198.51.100.1"), "auto")).toBe("10.0.0.2");
    expect(clientIp(event("203.0.113.9", "198.51.100.1"), "auto")).toBe("203.0.113.9");
    expect(clientIp(event("127.0.0.1"), "auto")).toBe("127.0.0.1");
    expect(clientIp(event("127.0.0.1", " , "), "auto")).toBe("127.0.0.1");
  });

  it("none: always the peer; always: one hop from any peer", () => {
    expect(clientIp(event("127.0.0.1", "198.51.100.1"), "none")).toBe("127.0.0.1");
    expect(clientIp(event("203.0.113.9", "198.51.100.1, 198.51.100.2"), "always")).toBe("198.51.100.2");
    expect(clientIp(event(undefined), "always")).toBe("unknown");
  });

  it("a list: from a listed peer, the first entry from the right that is not listed; from any other peer, the peer", () => {
    const trust = trustedProxies("10.0.0.0/8, 2001:db8::/32, 198.51.100.7");
    // A proxy on the private network, behind a CDN edge (198.51.100.7): the address the CDN saw.
    expect(clientAddress("10.1.1.1", "192.0.2.66, 203.0.113.5, 198.51.100.7", trust)).toBe("203.0.113.5");
    expect(clientAddress("::ffff:10.1.1.1", "203.0.113.5", trust)).toBe("203.0.113.5");
    expect(clientAddress("2001:db8::9", "2001:db8::1, 203.0.113.6", trust)).toBe("203.0.113.6");
    // Not listed: the header is the client's own words, never believed.
    expect(clientAddress("172.17.0.1", "203.0.113.5", trust)).toBe("172.17.0.1");
    expect(clientAddress("203.0.113.9", "10.0.0.1", trust)).toBe("203.0.113.9");
    // Every hop listed: the furthest one; no header: the peer.
    expect(clientAddress("10.1.1.1", "10.2.2.2, 198.51.100.7", trust)).toBe("10.2.2.2");
    expect(clientAddress("10.1.1.1", null, trust)).toBe("10.1.1.1");
  });

  it("is read from SANCTUARY_TRUST_PROXY, auto by default; a list is checked at start", () => {
    expect(loadConfig({}).trustProxy).toBe("auto");
    expect(loadConfig({ SANCTUARY_TRUST_PROXY: "none" }).trustProxy).toBe("none");
    expect(loadConfig({ SANCTUARY_TRUST_PROXY: "Always" }).trustProxy).toBe("always");
    expect(trustedProxies(" 127.0.0.1 , fd00::/8 ")).toEqual({ proxies: ["127.0.0.1", "fd00::/8"] } satisfies TrustProxy);
    for (const bad of ["yes", "10.0.0.0/33", "10.0.0.1/8/2", "fd00::/129", "proxy.example", ","]) {
      expect(() => loadConfig({ SANCTUARY_TRUST_PROXY: bad }), bad).toThrow(/SANCTUARY_TRUST_PROXY/);
    }
  });
});
