// A browser with JavaScript off, in a few lines: it reads a page's <form> (method, action, hidden boxes),
// fills in the named boxes, submits them form-encoded as a browser does, follows redirects with GET, and
// keeps cookies by path. Enough to prove a page's forms work for someone whose scripts never run.

export interface Loaded {
  status: number;
  /** The path the browser ends on (after redirects), with its query. */
  path: string;
  html: string;
  headers: Headers;
  /** Each hop's status and Location, in order (a PRG submission shows one 303). */
  hops: Array<{ status: number; location: string | null }>;
}

const decodeEntities = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

/** An attribute of a tag's markup, decoded. */
export const attribute = (tag: string, name: string): string | null => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? decodeEntities(m[1]) : null;
};

/** The markup of the element with this id (first match; nested same-name elements are not expected). */
export function elementById(html: string, id: string): string | null {
  const open = new RegExp(`<([a-z0-9]+)\\b[^>]*\\sid="${id}"[^>]*>`).exec(html);
  if (!open) return null;
  const close = html.indexOf(`</${open[1]}>`, open.index);
  return html.slice(open.index, close < 0 ? undefined : close + open[1].length + 3);
}

/** The visible text of some markup: tags dropped, entities decoded, whitespace collapsed. */
export const textOf = (markup: string | null): string =>
  // <bdi> isolates a visitor's words inline, as a browser shows them: no space where it opens or closes.
  decodeEntities((markup ?? "").replace(/<\/?bdi( lang="")?>/g, "").replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();

export interface FoundForm {
  method: string;
  action: string;
  /** Every named box with the value the page put in it (hidden boxes included). */
  values: Record<string, string>;
  markup: string;
}

/** The form matching `selector`: an id, or a predicate on its opening tag. */
export function formOf(html: string, selector: string | ((openTag: string) => boolean)): FoundForm {
  for (const m of html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)) {
    const markup = m[0];
    const openTag = /^<form\b[^>]*>/.exec(markup)![0];
    if (typeof selector === "string" ? attribute(openTag, "id") !== selector : !selector(openTag)) continue;
    const values: Record<string, string> = {};
    for (const input of markup.matchAll(/<input\b[^>]*>/g)) {
      const name = attribute(input[0], "name");
      if (name) values[name] = attribute(input[0], "value") ?? "";
    }
    for (const area of markup.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
      const name = attribute(area[1], "name");
      if (name) values[name] = decodeEntities(area[2]);
    }
    // A select sends its selected option, or its first when none is marked (as a browser does).
    for (const select of markup.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
      const name = attribute(select[1], "name");
      const options = [...select[2].matchAll(/<option\b[^>]*>/g)].map((o) => o[0]);
      const chosen = options.find((o) => /\sselected\b/.test(o)) ?? options[0];
      if (name && chosen) values[name] = attribute(chosen, "value") ?? "";
    }
    return { method: (attribute(openTag, "method") ?? "get").toLowerCase(), action: attribute(openTag, "action") ?? "", values, markup };
  }
  throw new Error(`no form ${String(selector)} on the page`);
}

export class NoScriptBrowser {
  private cookies: Array<{ name: string; value: string; path: string }> = [];

  /** `ip` is sent as X-Forwarded-For, so each browser is its own visitor to the rate limits. */
  constructor(
    private base: string,
    private ip: string,
  ) {}

  private cookieHeader(path: string): string {
    return this.cookies
      .filter((c) => path.startsWith(c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
  }

  private keep(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(";").map((s) => s.trim());
      const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
      const path = attrs.find((a) => a.toLowerCase().startsWith("path="))?.slice(5) ?? "/";
      this.cookies = this.cookies.filter((c) => !(c.name === name && c.path === path));
      this.cookies.push({ name, value, path });
    }
  }

  private async request(path: string, init: RequestInit, hops: Loaded["hops"]): Promise<Loaded> {
    const cookie = this.cookieHeader(path.split(/[?#]/)[0]);
    const res = await fetch(this.base + path, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), "x-forwarded-for": this.ip, ...(cookie ? { cookie } : {}) },
    });
    this.keep(res.headers.getSetCookie());
    if ([301, 302, 303, 307, 308].includes(res.status)) {
      const location = res.headers.get("location")!;
      hops.push({ status: res.status, location });
      await res.arrayBuffer();
      const next = new URL(location, this.base + path);
      return this.request(next.pathname + next.search, { method: "GET" }, hops);
    }
    return { status: res.status, path, html: await res.text(), headers: res.headers, hops };
  }

  open(path: string): Promise<Loaded> {
    return this.request(path, { method: "GET" }, []);
  }

  /** A cookie as if a page had set it earlier (to test what a page does with a stale or forged one). */
  setCookie(name: string, value: string, path: string): void {
    this.keep([`${name}=${value}; Path=${path}`]);
  }

  /** Fill the named boxes of a form on `page` and submit it as the browser would (a list sends the box repeated). */
  submit(page: Loaded, selector: Parameters<typeof formOf>[1], fill: Record<string, string | string[]>): Promise<Loaded> {
    const form = formOf(page.html, selector);
    const fields = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...form.values, ...fill })) for (const v of [value].flat()) fields.append(name, v);
    const action = new URL(form.action || page.path, this.base + page.path);
    if (form.method === "post") {
      return this.request(
        action.pathname + action.search,
        { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: fields.toString() },
        [],
      );
    }
    return this.request(`${action.pathname}?${fields}`, { method: "GET" }, []);
  }
}
