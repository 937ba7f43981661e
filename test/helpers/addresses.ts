// Client addresses for tests. The test server believes one X-Forwarded-For hop from its loopback peer, so
// a header names the client a rate limit counts: a fresh address per request keeps one test's requests
// from spending another's allowance.
let next = 0;

/** An address no earlier call in this test file returned (from 100.64.0.0/10, which no test names by hand). */
export function freshIp(): string {
  const n = next++;
  return `100.${64 + (Math.floor(n / 64_516) % 64)}.${Math.floor(n / 254) % 254}.${(n % 254) + 1}`;
}

/** The header that makes `ip` the client of a request. */
export const asIp = (ip: string): { "x-forwarded-for": string } => ({ "x-forwarded-for": ip });
