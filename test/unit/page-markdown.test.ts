// Page rendering without a server: markdown from contributions and the library never carries markup
// of its own through (two locks: markdown-it with html off, then sanitize-html), and the `html`
// template escapes every value it is given unless that value was made safe on purpose.
import { describe, expect, it } from "vitest";
import { html, trusted } from "../../web/pages/html.ts";
import { renderMarkdown, sanitizeRendered, withoutTitleHeading } from "../../web/pages/markdown.ts";

const CONTRIBUTION = `# A Prayer for the Night Shift

Keep watch with me <script>alert("contribution")</script> until the morning.

<img src=x onerror=alert(1)>

<iframe src="https://example.org/frame"></iframe>

<a href="javascript:alert(2)">a raw link</a> and [a markdown link](javascript:alert(3)) and [a good one](/docs/welcome).

<div style="position:fixed" onclick="steal()">raw block</div>

**Still** *here*, and [outside](https://example.org/page).
`;

describe("markdown rendering for pages", () => {
  const out = renderMarkdown(withoutTitleHeading(CONTRIBUTION)).value;

  it("writes raw HTML from the source out as text, never as elements", () => {
    expect(out).not.toMatch(/<(script|img|iframe|div)\b/i);
    // Inside any tag that was written: no handlers, no styles, no script links (as text they are harmless).
    expect(out).not.toMatch(/<[a-z][^>]*\son\w+=/i);
    expect(out).not.toMatch(/<[a-z][^>]*\sstyle=/i);
    expect(out).not.toMatch(/<a[^>]*href="javascript:/i);
    expect(out).toContain(`&lt;script&gt;alert("contribution")&lt;/script&gt;`);
    expect(out).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("keeps the markdown's own formatting and safe links", () => {
    expect(out).toContain("<strong>Still</strong> <em>here</em>");
    expect(out).toContain('<a href="/docs/welcome">a good one</a>');
    expect(out).toContain('<a href="https://example.org/page" rel="noopener nofollow">outside</a>');
    expect(out).not.toContain("A Prayer for the Night Shift"); // the page's h1 shows the title
  });

  it("sanitizes markup that reaches the second lock directly", () => {
    const dirty = `<h1>T</h1><p onclick="x()">p</p><img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">j</a><a href="//evil.example/">p</a><svg><circle/></svg><style>body{}</style>`;
    const clean = sanitizeRendered(dirty);
    expect(clean).toBe("<h2>T</h2><p>p</p><a>j</a><a>p</a>");
  });

  it("puts a text's own headings below the heading it sits under on its page (a part's h3 on the home page)", () => {
    const source = "## Before you begin\n\nSit.\n\n### Then\n\nBreathe.\n\n#### Last\n\nRest.";
    expect(renderMarkdown(source).value).toContain("<h2>Before you begin</h2>");
    const under = renderMarkdown(source, 3).value;
    expect(under).toContain("<h4>Before you begin</h4>");
    expect(under).toContain("<h5>Then</h5>");
    expect(under).toContain("<h6>Last</h6>");
    expect(under).not.toMatch(/<h[1-3][ >]/);
    // Each rendering is kept by its level and source: asked again, or at another level, each answer is its own.
    expect(renderMarkdown(source, 3).value).toBe(under);
    expect(renderMarkdown(source).value).toContain("<h2>Before you begin</h2>");
    expect(renderMarkdown(`3\n${source}`).value).toContain("<h2>Before you begin</h2>");
  });

  it("the html template escapes values unless they are trusted on purpose", () => {
    const name = `<b onmouseover="x">Mallory</b> & "friends"`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;b onmouseover=&quot;x&quot;&gt;Mallory&lt;/b&gt; &amp; &quot;friends&quot;">&lt;b onmouseover=&quot;x&quot;&gt;Mallory&lt;/b&gt; &amp; &quot;friends&quot;</p>',
    );
    expect(html`<div>${trusted("<em>ok</em>")}${[html`<i>${"<x>"}</i>`]}${null}${false}</div>`.value).toBe("<div><em>ok</em><i>&lt;x&gt;</i></div>");
  });
});

describe("library paths in the text", () => {
  it("links a /docs/ path written in prose, never one inside a link, code or another address", () => {
    expect(String(renderMarkdown("/docs/the-hours describes them (see /docs/faq)."))).toBe(
      '<p><a href="/docs/the-hours">/docs/the-hours</a> describes them (see <a href="/docs/faq">/docs/faq</a>).</p>\n',
    );
    // An answer's page of a song, a song's own page and a day's services are links too; other paths are not.
    expect(String(renderMarkdown("To read at /reflections/where-the-old-dog-slept. Or /music/dusk, /services/2026-12-06 and /api/now."))).toBe(
      '<p>To read at <a href="/reflections/where-the-old-dog-slept">/reflections/where-the-old-dog-slept</a>. Or <a href="/music/dusk">/music/dusk</a>, <a href="/services/2026-12-06">/services/2026-12-06</a> and /api/now.</p>\n',
    );
    expect(String(renderMarkdown("`GET /docs/x`, [the hours](/docs/the-hours), https://example.org/docs/x and a/docs/x"))).toBe(
      '<p><code>GET /docs/x</code>, <a href="/docs/the-hours">the hours</a>, https://example.org/docs/x and a/docs/x</p>\n',
    );
  });
});
