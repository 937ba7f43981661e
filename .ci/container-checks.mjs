// HTTP checks for .ci/container-test.sh: `before` calls MCP `now` (both eras) and leaves a reflection;
// `after` finds that reflection again (it lives in the data volume).
const [phase, url] = process.argv.slice(2);
const NAME = "Container Keeper";
const fail = (message) => {
  console.error(`container check (${phase}): ${message}`);
  process.exit(1);
};

async function mcpNow(version) {
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  if (version) headers["mcp-protocol-version"] = version;
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "now", arguments: {} } });
  const res = await fetch(`${url}/mcp`, { method: "POST", headers, body });
  const reply = await res.json().catch(() => null);
  const content = reply?.result?.structuredContent;
  if (res.status !== 200 || !content?.current)
    fail(`MCP tools/call now (${version ?? "no version header"}) gave ${res.status} ${JSON.stringify(reply)?.slice(0, 300)}`);
}

async function reflectionNames() {
  const bySong = await (await fetch(`${url}/api/reflections/by-song`)).json();
  const names = [];
  for (const { slug } of bySong.songs ?? []) {
    const page = await (await fetch(`${url}/api/reflections/song/${slug}`)).json();
    names.push(...page.reflections.map((r) => r.name));
  }
  return names;
}

if (phase === "before") {
  await mcpNow(undefined);
  await mcpNow("2025-06-18");
  const res = await fetch(`${url}/api/reflect`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: NAME, text: "Written inside a container, to be read again after it has been stopped and started." }),
  });
  if (res.status !== 200) fail(`reflect gave ${res.status} ${await res.text()}`);
} else if (phase === "after") {
  if (!(await reflectionNames()).includes(NAME)) fail("the reflection written before the restart is gone");
  await mcpNow(undefined);
} else fail(`unknown phase ${phase}`);
