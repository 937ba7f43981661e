// A loopback server speaking the GitHub REST wire format for the calls the code-host review backend makes
// (get ref, create ref, delete ref, create file contents, create pull, create issue, add labels). It records
// every request, decoded, so tests can assert exactly what was sent.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  /** Path with percent-escapes decoded (Octokit encodes `/` inside a ref as %2F). */
  path: string;
  body: any;
  headers: IncomingHttpHeaders;
}

export interface FakeGitHub {
  apiUrl: string;
  requests: RecordedRequest[];
  /** Branches that exist (full ref names such as refs/heads/main). */
  refs: Map<string, string>;
  /** When set, every request answers with this status and GitHub's error body. */
  failWith: { status: number; message: string } | null;
  /** When set, requests it matches (e.g. POST /pulls) answer with its status and message. */
  failWhen: { method: string; pathEndsWith: string; status: number; message: string } | null;
  close: () => Promise<void>;
}

export async function startFakeGitHub(owner: string, repo: string): Promise<FakeGitHub> {
  let number = 41;
  const state: FakeGitHub = {
    apiUrl: "",
    requests: [],
    refs: new Map([["refs/heads/main", "base-sha-0001"]]),
    failWith: null,
    failWhen: null,
    close: async () => {},
  };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const path = decodeURIComponent((req.url ?? "").split("?")[0]);
    const method = req.method ?? "GET";
    state.requests.push({ method, path, body: text ? JSON.parse(text) : null, headers: req.headers });
    const body = text ? JSON.parse(text) : {};
    const send = (status: number, payload?: unknown) => {
      res.writeHead(status, payload === undefined ? {} : { "content-type": "application/json; charset=utf-8" });
      res.end(payload === undefined ? undefined : JSON.stringify(payload));
    };
    const failure =
      state.failWith ?? (state.failWhen && method === state.failWhen.method && path.endsWith(state.failWhen.pathEndsWith) ? state.failWhen : null);
    if (failure) return send(failure.status, { message: failure.message, documentation_url: "https://docs.github.com/rest" });
    const prefix = `/repos/${owner}/${repo}`;
    if (!path.startsWith(prefix)) return send(404, { message: "Not Found" });
    const rest = path.slice(prefix.length);
    const web = `https://github.example/${owner}/${repo}`;
    let m: RegExpMatchArray | null;
    if (method === "GET" && (m = rest.match(/^\/git\/ref\/(.+)$/))) {
      const sha = state.refs.get(`refs/${m[1]}`);
      return sha ? send(200, { ref: `refs/${m[1]}`, object: { sha, type: "commit" } }) : send(404, { message: "Not Found" });
    }
    if (method === "POST" && rest === "/git/refs") {
      if (state.refs.has(body.ref)) return send(422, { message: "Reference already exists" });
      state.refs.set(body.ref, body.sha);
      return send(201, { ref: body.ref, object: { sha: body.sha, type: "commit" } });
    }
    if (method === "DELETE" && (m = rest.match(/^\/git\/refs\/(.+)$/))) {
      state.refs.delete(`refs/${m[1]}`);
      return send(204);
    }
    if (method === "PUT" && (m = rest.match(/^\/contents\/(.+)$/))) {
      return send(201, { content: { path: m[1], sha: "file-sha-0001" }, commit: { sha: "commit-sha-0001", message: body.message } });
    }
    if (method === "POST" && rest === "/pulls") {
      const n = ++number;
      return send(201, { number: n, html_url: `${web}/pull/${n}`, title: body.title, state: "open" });
    }
    if (method === "POST" && rest === "/issues") {
      const n = ++number;
      return send(201, { number: n, html_url: `${web}/issues/${n}`, title: body.title, labels: (body.labels ?? []).map((name: string) => ({ name })) });
    }
    if (method === "POST" && (m = rest.match(/^\/issues\/(\d+)\/labels$/))) {
      return send(
        200,
        (body.labels ?? []).map((name: string) => ({ name })),
      );
    }
    return send(404, { message: "Not Found" });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  state.apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((r) => server.close(() => r()));
  return state;
}
