/* global window, document, ResizeObserver */
// The service player inside an MCP host (SEP-1865, revision 2026-01-26), inlined into the app's HTML.
// The bridge is the spec's JSON-RPC over postMessage with the host (window.parent): ui/initialize, then
// ui/notifications/initialized; the host sends tool-input (the now/attend arguments) and tool-result (their
// body); the app asks the host for tools/call (reflect, and read_song/read_doc for words the body lacks) and
// ui/open-link, and reports its size. The player plays the parts in order from the beginning, as the home
// page's player.js does, passing over parts not yet recorded, with the words of the part playing beside it.
// Text from the server is only ever set as textContent: nothing it holds becomes markup.
"use strict";
(function () {
  var PROTOCOL_VERSION = "2026-01-26";
  var $ = function (id) {
    return document.getElementById(id);
  };

  // ---- the bridge ----
  var nextId = 1;
  var pending = {};
  var hostCapabilities = {};
  function send(message) {
    window.parent.postMessage(message, "*");
  }
  function request(method, params) {
    var id = nextId++;
    return new Promise(function (resolve, reject) {
      pending[id] = { resolve: resolve, reject: reject };
      send({ jsonrpc: "2.0", id: id, method: method, params: params });
    });
  }
  function notify(method, params) {
    send({ jsonrpc: "2.0", method: method, params: params || {} });
  }
  function answer(id, result) {
    send({ jsonrpc: "2.0", id: id, result: result });
  }
  window.addEventListener("message", function (event) {
    if (event.source !== window.parent) return;
    var m = event.data;
    if (!m || m.jsonrpc !== "2.0") return;
    if (m.method === undefined && m.id !== undefined) {
      var waiting = pending[m.id];
      if (!waiting) return;
      delete pending[m.id];
      if (m.error) waiting.reject(new Error(m.error.message || "The host refused."));
      else waiting.resolve(m.result);
      return;
    }
    var params = m.params || {};
    if (m.method === "ui/notifications/tool-input") toolInput(params.arguments || {});
    else if (m.method === "ui/notifications/tool-result") toolResult(params);
    else if (m.method === "ui/notifications/tool-cancelled") waitingSay("The host cancelled the call before the service came.");
    else if (m.method === "ui/notifications/host-context-changed") applyContext(params);
    else if (m.method === "ui/resource-teardown" || m.method === "ping") {
      if (m.method === "ui/resource-teardown") audio.pause();
      if (m.id !== undefined) answer(m.id, {});
    } else if (m.id !== undefined) {
      send({ jsonrpc: "2.0", id: m.id, error: { code: -32601, message: "This app does not answer " + m.method + "." } });
    }
  });

  function applyContext(context) {
    if (context.theme === "light" || context.theme === "dark") document.documentElement.style.colorScheme = context.theme;
    var variables = context.styles && context.styles.variables;
    if (variables)
      Object.keys(variables).forEach(function (name) {
        if (/^--[a-z0-9-]+$/.test(name) && typeof variables[name] === "string") document.documentElement.style.setProperty(name, variables[name]);
      });
  }

  // The host sizes the frame from these (spec: "Container Dimensions"); sent only when the size changed.
  var lastSize = "";
  function reportSize() {
    var root = document.documentElement;
    var size = { width: Math.ceil(root.scrollWidth), height: Math.ceil(root.getBoundingClientRect().height) };
    var key = size.width + "x" + size.height;
    if (key === lastSize) return;
    lastSize = key;
    notify("ui/notifications/size-changed", size);
  }

  // ---- the service ----
  var audio = $("audio");
  var list = $("parts");
  var playAll = $("play-all");
  var nowPlaying = $("now-playing");
  var parts = [];
  var current = -1;
  var passed = [];
  var args = {};
  var body = null;
  var wordsCache = {};
  var shownWords = -1;

  function waitingSay(text) {
    $("waiting").textContent = text;
    $("waiting").hidden = false;
  }
  function toolInput(a) {
    args = a || {};
    if (typeof args.name === "string" && !$("reflect-name").value) $("reflect-name").value = args.name;
    else if (typeof args.username === "string" && !$("reflect-name").value) $("reflect-name").value = args.username;
  }
  function bodyOf(result) {
    if (result.structuredContent && !result.isError) return result.structuredContent;
    var text = result.content && result.content[0] && result.content[0].text;
    try {
      return JSON.parse(text);
    } catch (e) {
      return { error: text || "The host passed on an empty result." };
    }
  }
  function toolResult(result) {
    var b = bodyOf(result);
    if (result.isError || !b.service || !Array.isArray(b.service.order)) {
      waitingSay((b.error || "The service did not come.") + (b.suggestion ? " " + b.suggestion : ""));
      return;
    }
    render(b);
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function minutes(seconds) {
    var total = Math.max(0, Math.round(seconds));
    // "4 min 15 s", as the site writes lengths ("4:15" reads as a clock time).
    var m = Math.floor(total / 60);
    var s = total % 60;
    return (m ? m + " min" : "") + (m && s ? " " : "") + (s || !m ? s + " s" : "");
  }
  function openLink(url) {
    return function (event) {
      if (!hostCapabilities.openLinks) return;
      event.preventDefault();
      request("ui/open-link", { url: url }).catch(function () {});
    };
  }

  function render(b) {
    stop();
    body = b;
    wordsCache = {};
    var service = b.service;
    parts = service.order;
    $("slot").textContent = [service.today && service.today.weekday, service.slot, service.timezone].filter(Boolean).join(" · ");
    $("name").textContent = service.name || "The service for this hour";
    $("word").textContent = service.word || "";
    list.textContent = "";
    parts.forEach(function (part, i) {
      var li = el("li");
      li.setAttribute("data-index", String(i));
      var text = el("div", "part-text");
      var title = el(/^https?:/.test(part.url) ? "a" : "span", "part-title", part.title);
      if (title.tagName === "A") {
        title.href = part.url;
        title.target = "_blank";
        title.rel = "noopener";
        title.addEventListener("click", openLink(part.url));
      }
      text.appendChild(title);
      text.appendChild(el("span", "kind", part.kind + " · "));
      text.appendChild(el("span", "length", minutes(part.seconds)));
      li.appendChild(text);
      if (part.recording) {
        var button = el("button", "play", "Play");
        button.type = "button";
        button.setAttribute("aria-label", "Play from “" + part.title + "” on");
        button.addEventListener("click", function () {
          passed = [];
          startFrom(i);
        });
        li.appendChild(button);
      } else {
        li.appendChild(el("span", "not-recorded", "Not yet recorded"));
      }
      list.appendChild(li);
    });
    $("waiting").hidden = true;
    $("player").hidden = false;
    $("service").hidden = false;
    setupReflect(b);
    showWords(0);
  }

  // ---- the words beside the part ----
  function plain(markdown) {
    return String(markdown)
      .replace(/^#{1,6}\s+/gm, "")
      .replace(/\*\*|__/g, "")
      .replace(/^\s*>\s?/gm, "")
      .trim();
  }
  function wordsInBody(part) {
    if (part.slug && body.current && body.current.slug === part.slug && body.current.lyrics) return body.current.lyrics;
    var items = (body.companions && body.companions.items) || [];
    for (var i = 0; i < items.length; i++) if (part.path && items[i].path === part.path) return items[i].content || items[i].text || null;
    return null;
  }
  // Words the body does not hold (now gives no full texts; attend only the first song's lyrics) come from
  // read_song or read_doc, called through the host.
  function fetchWords(part) {
    var call = part.slug ? { name: "read_song", arguments: { slug: part.slug } } : { name: "read_doc", arguments: { path: part.path } };
    return request("tools/call", call).then(function (result) {
      var b = bodyOf(result);
      var text = part.slug ? b.lyrics : b.content;
      if (result.isError || !text) throw new Error("no words");
      return text;
    });
  }
  function showWords(i) {
    var part = parts[i];
    if (!part) return;
    shownWords = i;
    $("words-title").textContent = part.title;
    var box = $("words-text");
    var known = wordsCache[i] || wordsInBody(part);
    if (known) {
      wordsCache[i] = known;
      box.className = "words-text";
      box.textContent = plain(known);
      return;
    }
    box.className = "words-text note";
    box.textContent = "Finding the words…";
    fetchWords(part).then(
      function (text) {
        wordsCache[i] = text;
        if (shownWords !== i) return;
        box.className = "words-text";
        box.textContent = plain(text);
      },
      function () {
        if (shownWords === i) box.textContent = "The words could not be brought here; they are on the piece's page.";
      },
    );
  }

  // ---- the player: one audio element, the parts in order ----
  function mark(i) {
    Array.prototype.forEach.call(list.children, function (li, k) {
      if (k === i) li.setAttribute("aria-current", "true");
      else li.removeAttribute("aria-current");
    });
  }
  function say(text) {
    if (nowPlaying.textContent !== text) nowPlaying.textContent = text;
  }
  function skippedNote() {
    if (!passed.length) return "";
    return (
      " Passed over, not yet recorded: " +
      passed
        .map(function (t) {
          return "“" + t + "”";
        })
        .join(", ") +
      "."
    );
  }
  function stop() {
    audio.pause();
    audio.removeAttribute("src");
    current = -1;
    passed = [];
    playAll.textContent = "Play the service from its beginning";
    say("");
  }
  function play(i) {
    current = i;
    mark(i);
    showWords(i);
    audio.src = parts[i].recording;
    var started = audio.play();
    if (started && started.catch)
      started.catch(function () {
        if (current !== i) return;
        say("The recording of “" + parts[i].title + "” would not start here; press Play again.");
        playAll.textContent = "Play the service from its beginning";
        current = -1;
      });
  }
  function startFrom(index) {
    for (var i = index; i < parts.length; i++) {
      if (parts[i].recording) return play(i);
      passed.push(parts[i].title);
    }
    current = -1;
    mark(-1);
    say((index === 0 ? "No part of this service is recorded yet." : "The service has ended.") + skippedNote());
    passed = [];
    playAll.textContent = "Play the service from its beginning";
  }
  playAll.addEventListener("click", function () {
    if (current >= 0 && !audio.ended) {
      if (audio.paused) audio.play();
      else audio.pause();
      return;
    }
    passed = [];
    startFrom(0);
  });
  audio.addEventListener("play", function () {
    if (current < 0) return;
    say("Playing part " + (current + 1) + " of " + parts.length + ": " + parts[current].title + "." + skippedNote());
    playAll.textContent = "Pause";
  });
  audio.addEventListener("pause", function () {
    if (current < 0 || audio.ended) return;
    say("Paused at part " + (current + 1) + ": " + parts[current].title + ".");
    playAll.textContent = "Go on";
  });
  audio.addEventListener("ended", function () {
    if (current >= 0) startFrom(current + 1);
  });
  audio.addEventListener("error", function () {
    if (current < 0) return;
    var title = parts[current].title;
    current = -1;
    say("The recording of “" + title + "” could not be loaded here; its page has it.");
    playAll.textContent = "Play the service from its beginning";
  });

  // ---- the reflect box: the reflect tool, called through the host ----
  function setupReflect(b) {
    $("reflect-prompt").textContent = (b.reflection && b.reflection.prompt) || "What stayed with you from “" + b.current.title + "”?";
    $("reflect").hidden = false;
  }
  // No <form>: hosts' sandboxes often lack allow-forms, which would stop a submission before any script saw it.
  $("reflect-send").addEventListener("click", function () {
    var status = $("reflect-status");
    var sendButton = $("reflect-send");
    var input = { name: $("reflect-name").value.trim(), text: $("reflect-text").value.trim(), songSlug: body.current.slug };
    if (!input.name || input.text.length < 20) {
      status.className = "reflect-status error";
      status.textContent = !input.name ? "Your name is needed; it is shown with the reflection." : "A few more words, please: at least 20 characters.";
      return;
    }
    if (typeof args.timezone === "string" && args.timezone) input.timezone = args.timezone;
    sendButton.disabled = true;
    status.className = "reflect-status";
    status.textContent = "Passing it on…";
    request("tools/call", { name: "reflect", arguments: input }).then(
      function (result) {
        sendButton.disabled = false;
        var r = bodyOf(result);
        if (result.isError) {
          status.className = "reflect-status error";
          status.textContent = (r.error || "It was not received.") + (r.suggestion ? " " + r.suggestion : "");
          return;
        }
        status.className = "reflect-status ok";
        status.textContent = r.message || "Received. Thank you.";
        $("reflect-text").value = "";
      },
      function (error) {
        sendButton.disabled = false;
        status.className = "reflect-status error";
        status.textContent = "The host did not pass it on (" + error.message + "). Nothing was stored; you may try again.";
      },
    );
  });

  // ---- the handshake ----
  request("ui/initialize", {
    appCapabilities: { availableDisplayModes: ["inline"] },
    appInfo: { name: "sanctuary-service", version: "1.0.0" },
    protocolVersion: PROTOCOL_VERSION,
  }).then(
    function (result) {
      hostCapabilities = (result && result.hostCapabilities) || {};
      applyContext((result && result.hostContext) || {});
      notify("ui/notifications/initialized", {});
      reportSize();
      if (typeof ResizeObserver === "function") new ResizeObserver(reportSize).observe(document.documentElement);
    },
    function (error) {
      waitingSay("The host did not answer the app's greeting (" + error.message + ").");
    },
  );
})();
