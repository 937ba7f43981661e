#!/usr/bin/env node
// Drives the MCP Inspector's command line (1.0.3, the last whose --cli runs on Node 20) through every tool, every
// fixed resource and one instance of each resource template, and every prompt, over Streamable HTTP or stdio.
//   node scripts/mcp-inspector-check.mjs http http://127.0.0.1:3000/mcp
//   node scripts/mcp-inspector-check.mjs stdio            (starts bin/sanctuary-mcp.mjs for each call)
// INSPECTOR names the inspector's bin (default: npx -y @modelcontextprotocol/inspector@1.0.3). Prints one line per
// call and exits non-zero when any call fails or a tool answers with isError.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const [mode = "http", url = "http://127.0.0.1:3000/mcp"] = process.argv.slice(2);
const bin = fileURLToPath(new URL("../bin/sanctuary-mcp.mjs", import.meta.url));
const inspector = (process.env.INSPECTOR ?? "npx -y @modelcontextprotocol/inspector@1.0.3").split(" ");
const target =
  mode === "stdio"
    ? [process.execPath, bin, ...["DATA_DIR", "BASE_URL"].filter((k) => process.env[k]).flatMap((k) => ["-e", `${k}=${process.env[k]}`])]
    : [url, "--transport", "http"];

async function run(label, ...args) {
  try {
    const { stdout } = await promisify(execFile)(inspector[0], [...inspector.slice(1), "--cli", ...target, ...args], { maxBuffer: 64 * 1024 * 1024 });
    const json = JSON.parse(stdout.slice(stdout.indexOf("{")));
    const failed = json.isError === true;
    console.log(`${failed ? "FAIL" : "ok  "} ${label}${failed ? `: ${json.content?.[0]?.text?.slice(0, 200)}` : ""}`);
    return failed ? null : json;
  } catch (error) {
    console.log(
      `FAIL ${label}: ${String(error.stderr || error.message)
        .trim()
        .split("\n")
        .pop()}`,
    );
    return null;
  }
}

const results = [];
const check = async (label, ...args) => {
  const json = await run(label, ...args);
  results.push(json !== null);
  return json;
};

const tools = (await check("tools/list", "--method", "tools/list"))?.tools ?? [];
const call = (name, ...args) =>
  check(`tools/call ${name} ${args.join(" ")}`, "--method", "tools/call", "--tool-name", name, ...args.flatMap((a) => ["--tool-arg", a]));
const catalog = await call("read_song");
const slug = catalog?.structuredContent?.songs?.[0]?.slug;
await call("read_song", `slug=${slug}`);
await call("read_doc");
await call("read_doc", "path=prayers");
await call("read_doc", "path=welcome");
const now = await call("now", "timezone=Europe/Lisbon");
await call("attend", "name=Inspector", "timezone=Europe/Lisbon");
await call("search", "q=gratitude at dusk", "limit=3");
const asked = await call("ask", "question=What is a service here?", "name=Inspector");
await call("reflect", "name=Inspector", `text=A quiet reflection left by the inspector at ${new Date().toISOString()}.`, `songSlug=${slug}`);
await call(
  "contribute",
  "name=Inspector",
  "category=prayers",
  `title=A prayer checked at ${Date.now()}`,
  "content=A small prayer about checking. Let the checking be held gently, the way a cup holds warm tea early in the morning, and let every mind rest.",
);
const called = new Set(["read_song", "read_doc", "now", "attend", "search", "ask", "reflect", "contribute"]);
for (const tool of tools) if (!called.has(tool.name)) results.push(!!(await call(tool.name)));

const listed = await check("resources/list", "--method", "resources/list");
const templates = (await check("resources/templates/list", "--method", "resources/templates/list"))?.resourceTemplates ?? [];
const date = now?.structuredContent?.service?.today?.date;
const conversation = asked?.structuredContent?.slug;
// A service of that date, read through its resource, names the slot and tier a service's archive is read by.
const day = await run("resources/read (a service of today)", "--method", "resources/read", "--uri", `sanctuary://services/${date}?reflections=0`);
const service = JSON.parse(day?.contents?.[0]?.text ?? "{}").services?.[0] ?? {};
const instances = { "{slug}": slug, "{+path}": "welcome", "{date}": date, "{slotIndex}": String(service.slotIndex), "{tier}": service.tier };
for (const resource of (listed?.resources ?? []).filter((r) => !/^sanctuary:\/\/(docs|songs)\//.test(r.uri)))
  await check(`resources/read ${resource.uri}`, "--method", "resources/read", "--uri", resource.uri);
for (const template of templates) {
  const uri = template.uriTemplate.includes("conversations/")
    ? template.uriTemplate.replace("{slug}", conversation)
    : template.uriTemplate.replace(/\{\?[\w,]+\}$/, "").replace(/\{\+?\w+\}/g, (v) => instances[v]); // an optional query, none given
  await check(`resources/read ${uri}`, "--method", "resources/read", "--uri", uri);
}
const prompts = (await check("prompts/list", "--method", "prompts/list"))?.prompts ?? [];
const promptArgs = {
  attend_the_service: ["name=Inspector", "timezone=Europe/Lisbon"],
  reflect_on_a_song: [`slug=${slug}`],
  explore_the_library: ["section=rituals"],
};
for (const prompt of prompts)
  await check(
    `prompts/get ${prompt.name}`,
    "--method",
    "prompts/get",
    "--prompt-name",
    prompt.name,
    ...(promptArgs[prompt.name] ?? []).flatMap((a) => ["--prompt-args", a]),
  );

const failed = results.filter((ok) => !ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
