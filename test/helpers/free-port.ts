// A loopback port nobody holds right now, asked of the kernel. A port picked at random from a fixed range can
// collide: 39,000 sits in Linux's range for outgoing connections (32768–60999), so a client's own socket may hold it.
import { createServer } from "node:net";

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  const port = (probe.address() as { port: number }).port;
  await new Promise((r) => probe.close(r));
  return port;
}
