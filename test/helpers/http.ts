// Plain HTTP calls against a server the test did not start in-process (a child, or a page fetched as a
// browser would): one way to read JSON, post JSON and fetch a page's text.

/** GET `url`; the body parsed as JSON, or null when it is not JSON. */
export async function getJson(url: string): Promise<{ status: number; body: any }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** POST `body` as JSON to `url`. */
export const postJson = (url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

/** GET `url` as a browser would: the response and its whole text. */
export async function fetchText(url: string): Promise<{ res: Response; status: number; headers: Headers; text: string }> {
  const res = await fetch(url);
  return { res, status: res.status, headers: res.headers, text: await res.text() };
}
