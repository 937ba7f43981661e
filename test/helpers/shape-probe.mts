// Run by test/unit/kept-shapes.test.ts in a child (node --import tsx --expose-gc --allow-natives-syntax): serves
// twelve requests, each followed by a full collection with none in flight (as a server's start and idle minutes
// make them), then five more, and prints whether each ServerResponse had fast properties (not a dictionary). The
// app is h3's with this project's one layer (`common`), or with a bare layer in its place (`bare`).
import { H3, serve, type Middleware } from "h3";
import { commonLayer } from "../../adapters/headers.ts";

// Natives syntax is V8's, which the TypeScript transform would not read: made in a Function, parsed by V8 itself.
const hasFastProperties = new Function("o", "return %HasFastProperties(o)") as (o: object) => boolean;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");

const bare: Middleware = (_event, next) => next();
const app = new H3().use(process.argv[2] === "common" ? commonLayer({}) : bare).get("/probe", () => ({ ok: true }));
const server = serve(app, { port: 0, hostname: "127.0.0.1", silent: true, gracefulShutdown: false });
await server.ready();
const fast: boolean[] = [];
server.node?.server?.on("request", (_req, res) => res.on("finish", () => fast.push(hasFastProperties(res))));
const ask = async () => (await fetch(new URL("/probe", server.url))).text();
for (let i = 0; i < 12; i++) {
  await ask();
  await new Promise((resolve) => setTimeout(resolve, 5));
  gc();
}
for (let i = 0; i < 5; i++) await ask();
await server.close(true);
process.stdout.write(JSON.stringify(fast));
