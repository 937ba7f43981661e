// While the player bar holds a service, moving between pages must not stop it: this takes plain clicks on
// links to our own pages (and GET forms, like the header's search), fetches the page, and swaps in its
// <main>, title and the navigation's current mark, leaving the bar (outside <main>) playing. History,
// back and forward work as before; focus moves to the new <main> so a screen reader starts there. Page
// scripts register an init (window.sanctuaryPageInits) that runs again on the swapped <main>; a script the
// new page names that is not loaded yet is loaded. Anything else (a feed, a file, another site, a failed
// fetch, a page that is not HTML, a new stylesheet) is left to the browser: an ordinary page load.
"use strict";
(function (root) {
  // Not pages: the API, feeds, MCP, media and files by their endings.
  var NOT_PAGES = /^\/(api|feed|mcp|sse|podcasts|media|assets|admin|\.well-known)(\/|$)/;
  var FILES = /\.(xml|mp3|png|jpe?g|gif|webp|svg|ico|json|txt|md|ics|pdf|zip|js|css)$/i;

  // The pure decisions, also read by test/unit/shell-links.test.ts.
  function takesUrl(href, here) {
    var url, from;
    try {
      url = new URL(href, here);
      from = new URL(here);
    } catch (e) {
      return false;
    }
    if (url.origin !== from.origin || NOT_PAGES.test(url.pathname) || FILES.test(url.pathname)) return false;
    // Only the fragment differs: the browser scrolls within the page, there is nothing to load.
    return !(url.pathname === from.pathname && url.search === from.search && url.hash);
  }
  function takesClick(click, link, here) {
    if (click.defaultPrevented || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return false;
    if (link.download || (link.target && link.target !== "_self")) return false;
    return takesUrl(link.href, here);
  }
  function takesForm(form, here) {
    if (String(form.method || "get").toLowerCase() !== "get" || (form.target && form.target !== "_self")) return false;
    return takesUrl(form.action || here, here);
  }
  root.sanctuaryShellLogic = { takesUrl: takesUrl, takesClick: takesClick, takesForm: takesForm };

  var doc = root.document;
  if (!doc || !root.history || !root.fetch || !root.DOMParser) return;
  var shown = root.location.pathname + root.location.search;
  var seq = 0;

  function active() {
    var player = root.sanctuaryPlayer;
    return Boolean(player && player.state().id);
  }
  function pathOf(src) {
    return new URL(src, root.location.href).pathname;
  }
  function attribute(from, to, selector, name) {
    var a = from.querySelector(selector),
      b = doc.querySelector(selector);
    if (a && b) b.setAttribute(name, a.getAttribute(name) || "");
  }

  // The new page's <main> and what names it; false when it cannot be swapped in (so: a full load).
  function swap(next) {
    var main = doc.querySelector("main"),
      nextMain = next.querySelector("main");
    var css = next.querySelector('link[rel="stylesheet"]'),
      ours = doc.querySelector('link[rel="stylesheet"]');
    if (!main || !nextMain || (css && ours && css.getAttribute("href") !== ours.getAttribute("href"))) return false;
    doc.title = next.title;
    attribute(next, doc, 'meta[name="description"]', "content");
    attribute(next, doc, 'link[rel="canonical"]', "href");
    var current = {};
    Array.prototype.forEach.call(next.querySelectorAll("header nav a"), function (a) {
      current[a.getAttribute("href")] = a.getAttribute("aria-current");
    });
    Array.prototype.forEach.call(doc.querySelectorAll("header nav a"), function (a) {
      var mark = current[a.getAttribute("href")];
      if (mark) a.setAttribute("aria-current", mark);
      else a.removeAttribute("aria-current");
    });
    var box = doc.getElementById("site-q"),
      nextBox = next.getElementById("site-q");
    if (box && nextBox) box.value = nextBox.getAttribute("value") || "";
    main.replaceWith(doc.importNode(nextMain, true));
    return true;
  }

  // The swapped page's scripts, once the address is the new page's: they read it (services.js: which day, which
  // half), and run before the address changed they read the old page's and sent the visitor back to it.
  function runPageScripts(next) {
    var inits = (root.sanctuaryPageInits || []).slice();
    inits.forEach(function (init) {
      init();
    });
    // Scripts the new page names that this one never loaded: they run their own init once loaded.
    var loaded = Array.prototype.map.call(doc.querySelectorAll("script[src]"), function (s) {
      return pathOf(s.getAttribute("src"));
    });
    Array.prototype.forEach.call(next.querySelectorAll("script[src]"), function (s) {
      if (loaded.indexOf(pathOf(s.getAttribute("src"))) >= 0) return;
      var script = doc.createElement("script");
      script.src = s.getAttribute("src");
      script.async = false;
      doc.head.appendChild(script);
    });
  }

  function arrive(hash, scroll) {
    var main = doc.querySelector("main");
    if (main) main.focus({ preventScroll: true });
    var target = hash && doc.getElementById(decodeURIComponent(hash.slice(1)));
    if (target) target.scrollIntoView();
    else root.scrollTo(0, scroll || 0);
  }

  // `push`: true for a new entry (a link, a form), false for an entry already there (back, forward), "replace" for
  // this entry made another page (services.js: /services becomes the visitor's own day).
  function go(href, push, scroll) {
    var mine = ++seq;
    var hash = new URL(href, root.location.href).hash;
    if (push === true) {
      // Back to this page later: the shell takes that too, and puts the reader where they were.
      root.history.scrollRestoration = "manual";
      root.history.replaceState({ sanctuaryShell: true, scroll: root.scrollY }, "");
    }
    root
      .fetch(href, { headers: { accept: "text/html" }, credentials: "same-origin" })
      .then(function (res) {
        if ((res.headers.get("content-type") || "").indexOf("text/html") < 0) throw new Error("not a page");
        return res.text().then(function (text) {
          return { text: text, url: res.url || href };
        });
      })
      .then(function (got) {
        if (mine !== seq) return;
        var next = new root.DOMParser().parseFromString(got.text, "text/html");
        if (!swap(next)) throw new Error("not swappable");
        var url = new URL(got.url, root.location.href);
        url.hash = hash;
        if (push === true) root.history.pushState({ sanctuaryShell: true, scroll: 0 }, "", url.href);
        if (push === "replace") root.history.replaceState({ sanctuaryShell: true, scroll: 0 }, "", url.href);
        shown = url.pathname + url.search;
        runPageScripts(next);
        arrive(hash, scroll);
      })
      .catch(function () {
        if (mine !== seq) return;
        if (push === true) root.location.assign(href);
        else if (push === "replace") root.location.replace(href);
        else root.location.reload();
      });
  }

  // A page's script that sends the visitor on by itself, in place of this page: taken like a link while a service
  // plays, so the sound goes on (false when no service plays; the caller then loads the page itself).
  root.sanctuaryReplacePage = function (href) {
    if (!active()) return false;
    go(new URL(href, root.location.href).href, "replace", 0);
    return true;
  };

  doc.addEventListener("click", function (e) {
    var link = e.target && e.target.closest ? e.target.closest("a[href]") : null;
    if (!link || !active()) return;
    var taken = takesClick(e, { href: link.href, target: link.target, download: link.hasAttribute("download") }, root.location.href);
    if (!taken) return;
    e.preventDefault();
    go(link.href, true, 0);
  });
  doc.addEventListener("submit", function (e) {
    var form = e.target;
    if (e.defaultPrevented || !active() || !takesForm({ method: form.getAttribute("method"), target: form.target, action: form.action }, root.location.href))
      return;
    var url = new URL(form.action, root.location.href);
    url.search = new URLSearchParams(new FormData(form)).toString();
    e.preventDefault();
    go(url.href, true, 0);
  });
  root.addEventListener("popstate", function (e) {
    // A fragment within the page shown (a skip link, a heading): nothing to load.
    if (root.location.pathname + root.location.search === shown) return;
    go(root.location.href, false, e.state && e.state.scroll);
  });
})(typeof window !== "undefined" ? window : globalThis);
