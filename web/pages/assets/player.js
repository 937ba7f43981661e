// The player bar (pages/player-bar.ts): its one <audio>, outside <main>, plays a service part after part, on
// whatever page the visitor moves to (shell.js swaps only <main>). Lists of parts on a page are views of it
// (service-list.js): they hand it a service and mark the part it plays. Parts without a recording are passed
// over. The lock screen and media keys reach it through the Media Session. Where it is goes into
// sessionStorage, so a reload (or a page the shell could not take) goes on at the same part and second,
// within that same service only; another service starts from its beginning (docs/behaviour.md §3).
"use strict";
(function (root) {
  var KEY = "sanctuary:player";
  // A slot's length: the service left has passed by then, and a visitor coming back starts afresh.
  var FORGET_AFTER = 4 * 3600 * 1000;

  // The pure parts, also read by test/unit/player-logic.test.ts.
  function clock(seconds) {
    var t = Math.max(0, Math.floor(seconds || 0));
    var h = Math.floor(t / 3600),
      m = Math.floor((t % 3600) / 60),
      s = t % 60;
    var ss = (s < 10 ? "0" : "") + s;
    return h ? h + ":" + (m < 10 ? "0" : "") + m + ":" + ss : m + ":" + ss;
  }
  function firstRecorded(parts, from) {
    for (var i = Math.max(0, from); i < parts.length; i++) if (parts[i].src) return i;
    return -1;
  }
  // What was saved, if it may be resumed now: well formed, recent, and at a part that has a recording.
  function restorable(saved, now) {
    if (!saved || saved.v !== 1 || !saved.service || !Array.isArray(saved.service.parts)) return null;
    if (typeof saved.at !== "number" || now - saved.at > FORGET_AFTER || now < saved.at - 60000) return null;
    var part = saved.service.parts[saved.index];
    if (!part || !part.src || typeof saved.time !== "number" || saved.time < 0) return null;
    return saved;
  }
  function resumeLabel(index, time) {
    return "Resume part " + (index + 1) + " at " + clock(time);
  }
  root.sanctuaryPlayerLogic = { clock: clock, firstRecorded: firstRecorded, restorable: restorable, resumeLabel: resumeLabel, FORGET_AFTER: FORGET_AFTER };

  var doc = root.document;
  var bar = doc && doc.getElementById("player-bar");
  if (!bar) return;
  var audio = bar.querySelector("audio");
  var $ = function (c) {
    return bar.querySelector("." + c);
  };
  var service = null; // { id, label, parts: [{ title, src, seconds, page }] }
  var index = -1;
  var passed = [];
  var note = ""; // what is said once the service has ended
  var seekTo = null; // a resumed position, applied once the part's file is known
  var refused = false; // the browser would not start without a press: the toggle offers to resume
  var listeners = [];
  var lastSaved = 0;
  var session = root.navigator && root.navigator.mediaSession;

  function part() {
    return service && index >= 0 ? service.parts[index] : null;
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
  function elapsed() {
    return seekTo !== null ? seekTo : audio.currentTime || 0;
  }
  function playing() {
    return Boolean(part()) && !audio.paused && !audio.ended;
  }
  function say() {
    var p = part();
    if (!service) return "";
    if (!p) return note;
    var where = "part " + (index + 1) + " of " + service.parts.length + ": " + p.title + ".";
    return (playing() ? "Playing " + where : "Paused at " + where) + skippedNote();
  }
  function state() {
    return { id: service ? service.id : null, index: index, playing: playing(), say: say() };
  }

  function save() {
    lastSaved = Date.now();
    try {
      if (!part()) root.sessionStorage.removeItem(KEY);
      else root.sessionStorage.setItem(KEY, JSON.stringify({ v: 1, service: service, index: index, time: elapsed(), playing: playing(), at: lastSaved }));
    } catch (e) {
      /* storage refused (private mode, full): resuming is only a kindness */
    }
  }
  function read() {
    try {
      return JSON.parse(root.sessionStorage.getItem(KEY) || "null");
    } catch (e) {
      return null;
    }
  }

  function setText(c, text) {
    var node = $(c);
    if (node && node.textContent !== text) node.textContent = text;
  }
  function showTime() {
    var p = part();
    var length = audio.duration && isFinite(audio.duration) ? audio.duration : p ? p.seconds : 0;
    setText("bar-elapsed", clock(elapsed()));
    // Rounded, as pages say a length (pages/words.ts): the bar and the page name one length for one recording.
    setText("bar-length", clock(Math.round(length)));
    var progress = $("bar-progress");
    progress.max = Math.max(1, length);
    progress.value = Math.min(elapsed(), progress.max);
  }
  function render() {
    var focused = bar.contains(doc.activeElement) ? doc.activeElement : null;
    bar.hidden = !service;
    var p = part();
    var link = $("bar-part");
    link.textContent = p ? p.title : service ? note : "";
    if (p && p.page) link.setAttribute("href", p.page);
    else link.removeAttribute("href");
    setText("bar-position", p ? "Part " + (index + 1) + " of " + service.parts.length : "Ended");
    setText("bar-service", service ? service.label : "");
    setText("bar-toggle", playing() ? "Pause" : !p ? "Play again from the beginning" : refused ? resumeLabel(index, elapsed()) : "Play");
    $("bar-next").disabled = !p || firstRecorded(service.parts, index + 1) < 0;
    setText("bar-status", say());
    // A control that just went away (Stop hides the bar; Next part ends disabled on the last part) hands keyboard
    // focus on rather than dropping it to the page (WCAG 2.4.3): to the bar's toggle, or the page's own player.
    if (focused && (bar.hidden || focused.disabled)) handFocusOn();
    showTime();
    if (session) session.playbackState = playing() ? "playing" : p ? "paused" : "none";
    // The lock screen's own progress line, where the browser draws one.
    if (session && session.setPositionState && p && audio.duration && isFinite(audio.duration)) {
      try {
        session.setPositionState({ duration: audio.duration, position: Math.min(elapsed(), audio.duration), playbackRate: audio.playbackRate || 1 });
      } catch (e) {
        /* a position the browser will not take (a seek under way): the next render sets it */
      }
    }
    listeners.forEach(function (fn) {
      fn(state());
    });
  }
  function handFocusOn() {
    var to = bar.hidden ? doc.querySelector(".service-player button.play:not([hidden])") || doc.getElementById("main") : $("bar-toggle");
    if (to) to.focus();
  }
  function describe() {
    var p = part();
    if (!session || typeof root.MediaMetadata !== "function") return;
    session.metadata = p
      ? new root.MediaMetadata({
          title: p.title,
          artist: "Sanctuary",
          album: service.label,
          artwork: [
            { src: new URL("/podcasts/artwork.png", root.location.href).href, sizes: "3000x3000", type: "image/png" },
            { src: new URL("/assets/icon.svg", root.location.href).href, sizes: "any", type: "image/svg+xml" },
          ],
        })
      : null;
  }

  function begin() {
    refused = false;
    var started = audio.play();
    if (started && started.catch)
      started.catch(function () {
        // Autoplay refused (no press on this page yet): the toggle says where a press will go on from.
        refused = true;
        render();
      });
  }
  function load(i, at, autoplay) {
    index = i;
    seekTo = at > 0 ? at : null;
    audio.src = service.parts[i].src;
    if (seekTo !== null) audio.currentTime = seekTo;
    describe();
    render();
    save();
    if (autoplay) begin();
  }
  // From the part at `from` on: the first with a recording plays; the others are noted as passed over.
  function advance(from) {
    var next = firstRecorded(service.parts, from);
    for (var i = Math.max(0, from); i < (next < 0 ? service.parts.length : next); i++) passed.push(service.parts[i].title);
    if (next >= 0) return load(next, 0, true);
    note = (from === 0 ? "No part of this service is recorded yet." : "The service has ended.") + skippedNote();
    index = -1;
    passed = [];
    audio.removeAttribute("src");
    audio.load();
    describe();
    render();
    save();
  }

  var player = {
    state: state,
    subscribe: function (fn) {
      listeners.push(fn);
    },
    /** Plays `svc` from part `from` (0: its beginning), in place of whatever was held. */
    start: function (svc, from) {
      service = svc;
      passed = [];
      advance(from || 0);
    },
    toggle: function () {
      if (!service) return;
      if (!part()) return player.start(service, 0);
      if (audio.paused) begin();
      else audio.pause();
    },
    next: function () {
      if (part()) advance(index + 1);
    },
    stop: function () {
      audio.pause();
      service = null;
      index = -1;
      audio.removeAttribute("src");
      audio.load();
      describe();
      render();
      save();
    },
  };
  root.sanctuaryPlayer = player;

  audio.addEventListener("loadedmetadata", function () {
    if (seekTo !== null && Math.abs(audio.currentTime - seekTo) > 0.5) audio.currentTime = seekTo;
  });
  audio.addEventListener("playing", function () {
    seekTo = null;
    refused = false;
    render();
    save();
  });
  audio.addEventListener("pause", function () {
    render();
    save();
  });
  audio.addEventListener("ended", function () {
    advance(index + 1);
  });
  // A recording that will not load (gone since the list was drawn, the network away): pass over it.
  audio.addEventListener("error", function () {
    var p = part();
    if (!p || audio.getAttribute("src") !== p.src) return;
    passed.push(p.title);
    advance(index + 1);
  });
  audio.addEventListener("timeupdate", function () {
    if (seekTo !== null && audio.currentTime > 0) seekTo = null;
    showTime();
    if (Date.now() - lastSaved > 1000) save();
  });
  root.addEventListener("pagehide", save);
  // One sound at a time: a page's own player pauses the bar, and the bar pauses a page's own player.
  doc.addEventListener(
    "play",
    function (e) {
      if (e.target === audio) {
        Array.prototype.forEach.call(doc.querySelectorAll("main audio, main video"), function (m) {
          if (!m.paused) m.pause();
        });
      } else if (!audio.paused) audio.pause();
    },
    true,
  );
  // The bar grows with the text (large text on a phone: nearly half the screen), so what keyboard focus scrolls into
  // view is kept clear of its real height, not only the stylesheet's guess (WCAG 2.4.11).
  if (typeof root.ResizeObserver === "function") {
    new root.ResizeObserver(function () {
      doc.documentElement.style.scrollPaddingBottom = bar.hidden ? "" : bar.offsetHeight + 16 + "px";
    }).observe(bar);
  }
  $("bar-toggle").addEventListener("click", player.toggle);
  $("bar-next").addEventListener("click", player.next);
  $("bar-stop").addEventListener("click", player.stop);
  if (session) {
    [
      [
        "play",
        function () {
          if (audio.paused) player.toggle();
        },
      ],
      [
        "pause",
        function () {
          audio.pause();
        },
      ],
      ["nexttrack", player.next],
      ["stop", player.stop],
    ].forEach(function (pair) {
      try {
        session.setActionHandler(pair[0], pair[1]);
      } catch (e) {
        /* an action this browser does not know */
      }
    });
  }

  // A full page load: go on where this tab left off, if it was recently (the same service, by its saved parts).
  var saved = restorable(read(), Date.now());
  if (saved) {
    service = saved.service;
    refused = true;
    load(saved.index, saved.time, saved.playing);
  }
})(typeof window !== "undefined" ? window : globalThis);
