// The client address rule (docs/behaviour.md §9) as a function of the trust setting, the socket peer and the header.
import type { H3Event } from "h3";
import { describe, expect, it } from "vitest";
import { clientIp, isNearbyPeer } from "../../adapters/http.ts";
import { loadConfig } from "../../config.ts";

const event = (peer: string | undefined, forwardedFor?: string) =>
  ({ req: { ip: peer, headers: new Headers(forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor }) } }) as unknown as H3Event;

describe("isNearbyPeer", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.8.9.10", true],
    ["::1", true],
    ["::ffff:127.0.0.1", true],
    ["10.1.2.3", true],
    ["172.16.0.1", true],
    ["172.31.255.255", true],
    ["192.168.1.1", true],
    ["169.254.10.20", true],
    ["fd12:3456::1", true],
    ["fe80::1%eth0", true],
    ["::ffff:10.0.0.5", true],
    ["172.32.0.1", false],
    ["8.8.8.8", false],
    ["203.0.113.5", false],
    ["::ffff:203.0.113.5", false],
    ["2001:db8::1", false],
    ["unknown", false],
    ["", false],
  ])("%s → %s", (address, nearby) => expect(isNearbyPeer(address)).toBe(nearby));
});

describe("clientIp", () => {
  it("auto: the last forwarded entry from a nearby peer, the peer itself from anywhere else", () => {
    expect(clientIp(event("127.0.0.1", "198.51.100.1, 203.0.113.7"), "auto")).toBe("203.0.113.7");
    expect(clientIp(event("10.0.0.2", " 203.0.113.8 "), "auto")).toBe("203.0.113.8");
    expect(clientIp(event("203.0.113.9", "198.51.100.1"), "auto")).toBe("203.0.113.9");
    expect(clientIp(event("127.0.0.1"), "auto")).toBe("127.0.0.1");
    expect(clientIp(event("127.0.0.1", " , "), "auto")).toBe("127.0.0.1");
  });

  it("none: always the peer; always: one hop from any peer", () => {
    expect(clientIp(event("127.0.0.1", "198.51.100.1"), "none")).toBe("127.0.0.1");
    expect(clientIp(event("203.0.113.9", "198.51.100.1, 198.51.100.2"), "always")).toBe("198.51.100.2");
    expect(clientIp(event(undefined), "always")).toBe("unknown");
  });

  it("is read from SANCTUARY_TRUST_PROXY, auto by default", () => {
    expect(loadConfig({}).trustProxy).toBe("auto");
    expect(loadConfig({ SANCTUARY_TRUST_PROXY: "none" }).trustProxy).toBe("none");
    expect(() => loadConfig({ SANCTUARY_TRUST_PROXY: "yes" })).toThrow(/SANCTUARY_TRUST_PROXY/);
  });
});
