// A start whose listen the system refuses ends with the setting to change named, and closes what it opened.
import { createServer } from "node:net";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { listenRefusal } from "../../core/listen-refusal.ts";
import { startTestServer } from "../helpers/server.ts";

const errno = (code: string, message: string) => Object.assign(new Error(message), { code });

it("names the setting to change for each refusal, and keeps the system's own words first", () => {
  const inUse = listenRefusal(errno("EADDRINUSE", "listen EADDRINUSE: address already in use 127.0.0.1:8080"), "127.0.0.1", 8080);
  expect(inUse.message).toBe(
    "listen EADDRINUSE: address already in use 127.0.0.1:8080: another process is listening on port 8080; stop it, or set PORT to a free port",
  );
  expect(listenRefusal(errno("EACCES", "listen EACCES: permission denied 0.0.0.0:80"), "0.0.0.0", 80).message).toContain("set PORT to 1024 or above");
  expect(listenRefusal(errno("EADDRNOTAVAIL", "listen EADDRNOTAVAIL"), "10.9.9.9", 8080).message).toContain(
    "no network interface of this machine has the address 10.9.9.9",
  );
  expect(listenRefusal(errno("ENOTFOUND", "getaddrinfo ENOTFOUND 999.1.1.1"), "999.1.1.1", 8080).message).toContain("HOST=999.1.1.1 is neither an address");
  // A refusal it has no advice for is passed on as it was.
  const other = errno("EMFILE", "too many open files");
  expect(listenRefusal(other, "127.0.0.1", 8080)).toBe(other);
});

it("a port another process holds: the start fails saying so, and the same data folder starts again at once", async () => {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  const port = (holder.address() as { port: number }).port;
  const dataDir = await mkdtemp(join(tmpdir(), "sanctuary-listen-"));
  try {
    await expect(startTestServer({ PORT: String(port) }, {}, dataDir)).rejects.toThrow(
      /EADDRINUSE.*another process is listening on port \d+; stop it, or set PORT to a free port/,
    );
    // Said before the start opened anything: no store was made in the folder.
    expect(await readdir(dataDir)).not.toContain("state.db");
    // The refused start closed its store and background work: the folder serves the next start.
    const server = await startTestServer({}, {}, dataDir);
    try {
      expect((await server.get("/api/health")).status).toBe(200);
    } finally {
      await server.stop();
    }
  } finally {
    holder.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}, 120_000);
