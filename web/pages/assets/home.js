// The home page in the visitor's own timezone: asks /api/now once on load and every five minutes, and
// redraws the service only when it differs from what is shown. Text from the API is only ever set as
// textContent; links are built from paths, never from markup. shell.js may swap the home page in and out
// of <main>: every step looks the section up again, and init runs again on each new home page.
"use strict";
(function () {
  var section = null;
  var zone = "";
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (e) {
    zone = "";
  }
  var url = "/api/now" + (zone ? "?timezone=" + encodeURIComponent(zone) : "");
  var KINDS = { doc: "Guide" };

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  // Our own absolute URLs become paths, so players and links stay on this origin (the CSP allows 'self').
  function local(u) {
    try {
      var p = new URL(u, location.href);
      return p.pathname + p.search;
    } catch (e) {
      return null;
    }
  }
  // Lengths as people say them ("15 min 14 s"), exactly as the server writes them (pages/words.ts).
  function duration(seconds) {
    var t = Math.max(0, Math.round(seconds));
    var h = Math.floor(t / 3600),
      m = Math.floor((t % 3600) / 60),
      s = t % 60;
    if (h) return m ? h + " h " + m + " min" : h + " h";
    if (m) return s ? m + " min " + s + " s" : m + " min";
    return s + " s";
  }
  // A service as a visitor calls it, as the server says it (pages/words.ts): its own name, else its slot's.
  var SLOT_NAMES = ["night", "dawn", "morning", "midday", "afternoon", "evening"];
  function slotName(label) {
    var hour = parseInt(label, 10);
    return SLOT_NAMES[Math.floor((isFinite(hour) ? hour : 0) / 4) % 6];
  }
  function serviceTitle(service) {
    return service.name || "The " + slotName(service.slot) + " service";
  }
  function slotHours(label) {
    return label.replace(/\b00:00\b/g, "midnight");
  }
  var MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  function dayName(weekday, iso) {
    var parts = iso.split("-");
    return weekday + " " + Number(parts[2]) + " " + (MONTHS[Number(parts[1]) - 1] || "");
  }
  var HALVES = { north: "the northern half of the world", south: "the southern half of the world" };
  function soulsSentence(n) {
    if (n <= 0) return "You may be the first here today.";
    if (n === 1) return "One other has attended in the last day.";
    return n.toLocaleString("en-US") + " souls have attended in the last day.";
  }
  // The first screen's length and place, as the server says them (pages/words.ts: aboutMinutes, placeOf).
  function aboutMinutes(seconds) {
    var minutes = Math.max(1, Math.round(seconds / 60));
    return minutes === 1 ? "about a minute" : "about " + minutes + " minutes";
  }
  function placeOf(zone) {
    return zone.split("/").pop().replace(/_/g, " ");
  }
  function kindLabel(kind) {
    return KINDS[kind] || kind.charAt(0).toUpperCase() + kind.slice(1);
  }
  function getJson(path) {
    return fetch(path, { headers: { accept: "application/json" }, credentials: "same-origin" }).then(function (r) {
      return r.ok ? r.json() : null;
    });
  }
  // A library file as a listener reads it: no front matter, no agents' version, no markdown marks.
  function listenersText(markdown) {
    var body = markdown.replace(/^---\n[\s\S]*?\n---\n?/, "").split("<!-- for agents -->")[0];
    return body
      .replace(/^\s*#\s+[^\n]*\n+/, "")
      .replace(/^#+\s*/gm, "")
      .replace(/(\*\*|__|\*|_|`)/g, "")
      .trim();
  }
  function paragraphs(container, text) {
    text.split(/\n\s*\n/).forEach(function (block) {
      if (block.trim()) container.appendChild(el("p", "verse", block.trim()));
    });
  }
  // Words with their bracket marks drawn as marks, as the server draws them (pages/lyrics.ts, and showMarks
  // in pages/docs.ts for readings): a section's name, a held break or rest, a silence, a direction; never
  // words in square brackets.
  var HOLD = /^(rest|instrumental|interlude|break|solo)\b|\b(solo|break|instrumental|takes a chorus|takes the tune)\b/i;
  function lyrics(container, text) {
    var box = el("div", "lyrics");
    var stanza = [];
    function close() {
      if (stanza.length) box.appendChild(el("p", "verse", stanza.join("\n")));
      stanza = [];
    }
    text.split("\n").forEach(function (line) {
      var m = /^\s*\[\s*([^\]]*?)\s*\]\s*$/.exec(line);
      if (m) {
        close();
        var silence = /^silence\s*:\s*(.+)$/i.exec(m[1]);
        var direction = /^direction\s*:\s*(.+)$/i.exec(m[1]);
        var hold = silence || direction || HOLD.test(m[1]) || /\b\d+\s+(bars?|beats?|seconds?)\b/i.test(m[1]);
        var label = silence ? "Silence, " + silence[1] : direction ? "Direction, not read aloud: " + direction[1] : m[1];
        box.appendChild(el("p", hold ? "lyric-mark hold" : "lyric-mark section", label));
      } else if (!line.trim()) close();
      else stanza.push(line);
    });
    close();
    container.appendChild(box);
  }
  // Words are fetched only when someone opens them: most visitors listen, and a part costs nothing until read.
  function wordsOnDemand(summary, load, draw) {
    var details = el("details");
    details.appendChild(el("summary", null, summary));
    var box = el("div", "prose");
    details.appendChild(box);
    var loaded = false;
    details.addEventListener("toggle", function () {
      if (!details.open || loaded) return;
      loaded = true;
      box.textContent = "Loading…";
      load()
        .then(function (text) {
          box.textContent = "";
          if (text && draw) draw(box, text);
          else paragraphs(box, text || "The words could not be loaded; the part's own page has them.");
        })
        .catch(function () {
          loaded = false;
          box.textContent = "The words could not be loaded just now. Close and open again to retry.";
        });
    });
    return details;
  }
  // While the library is being recorded (a first start), the page carries each waiting piece's estimate. With no
  // part of the service recorded there is no player to pass over anything: the note says its words are below.
  function notRecordedNote(part, played) {
    var table = {};
    try {
      table = JSON.parse(section.getAttribute("data-recording-eta") || "{}");
    } catch (e) {
      table = {};
    }
    var eta = table[part.path || "songs/" + part.slug];
    var meanwhile = played ? "the player passes over it" : "its words are below, to read";
    if (typeof eta !== "number") return "Not yet recorded; " + meanwhile + ".";
    var minutes = Math.round(eta / 60);
    var when = eta < 60 ? "within a minute" : "in about " + minutes + " minute" + (minutes === 1 ? "" : "s");
    return "Being recorded now, ready " + when + "; " + (played ? meanwhile + " until then" : "until then " + meanwhile) + ".";
  }

  function partItem(part, companion, played) {
    var li = el("li", "part");
    li.setAttribute("data-title", part.title);
    li.setAttribute("data-seconds", String(Math.round(part.seconds)));
    var heading = el("h3");
    var page = local(part.url);
    if (page) {
      li.setAttribute("data-page", page);
      var a = el("a", null, part.title);
      a.href = page;
      heading.appendChild(a);
    } else heading.textContent = part.title;
    li.appendChild(heading);
    var meta = el("p", "meta");
    meta.appendChild(el("span", "kind", kindLabel(part.kind)));
    meta.appendChild(document.createTextNode(" · " + duration(part.seconds)));
    li.appendChild(meta);
    var src = part.recording && local(part.recording);
    if (src) {
      var audio = el("audio", "player");
      audio.controls = true;
      audio.preload = "none";
      audio.src = src;
      audio.setAttribute("aria-label", part.title);
      li.appendChild(audio);
    } else li.appendChild(el("p", "meta not-recorded", notRecordedNote(part, played)));
    if (part.kind === "chant" && companion && companion.text) {
      // Folded like every part's words (the server draws the same).
      var words = el("details");
      words.appendChild(el("summary", null, "The words"));
      lyrics(words, companion.text);
      li.appendChild(words);
    } else if (part.kind === "song" && part.api && part.api.lyrics) {
      li.appendChild(
        wordsOnDemand(
          "Lyrics",
          function () {
            return getJson(local(part.api.lyrics)).then(function (b) {
              return b && b.lyrics;
            });
          },
          lyrics,
        ),
      );
    } else if (part.path) {
      li.appendChild(
        wordsOnDemand(
          "The words",
          function () {
            return fetch("/docs/" + part.path.split("/").map(encodeURIComponent).join("/") + ".md")
              .then(function (r) {
                return r.ok ? r.text() : "";
              })
              .then(listenersText);
          },
          lyrics,
        ),
      );
    }
    return li;
  }
  function keyOf(service) {
    return [service.name || ""]
      .concat(
        service.order.map(function (p) {
          return p.title;
        }),
      )
      .join("|");
  }
  // The same identity the server writes (pages/components.ts serviceIdentity): resuming follows it.
  function identityOf(service) {
    var tier = service.season ? service.season.hemisphere : "unknown";
    var titles = service.order.map(function (p) {
      return p.title;
    });
    return service.today.date + " " + service.slot + " " + tier + ": " + titles.join(" / ");
  }
  function setText(id, text) {
    var node = document.getElementById(id);
    if (node && node.textContent !== text) node.textContent = text;
  }

  function render(body) {
    var service = body.service;
    var n = body.congregation && body.congregation.souls;
    if (typeof n === "number") setText("souls", soulsSentence(n));
    if (!service || !Array.isArray(service.order)) return;
    // Said whatever the zone: a browser on UTC gets the same service as the first view, and this is its answer.
    var half = service.season && HALVES[service.season.hemisphere];
    var day = dayName(service.today.weekday, service.today.date);
    setText(
      "now-where",
      half
        ? day + " in " + placeOf(service.timezone) + ": " + service.season.name + " in " + half + "."
        : day + " in " + placeOf(service.timezone) + ": the service for everywhere.",
    );
    setText("service-length", aboutMinutes(service.loopSeconds));
    setText("service-count", service.order.length + (service.order.length === 1 ? " part" : " parts"));
    setText("service-hours", slotHours(service.slot));
    setText("service-kicker", service.name ? "This hour · the " + slotName(service.slot) + " service" : "This hour");
    if (keyOf(service) === section.getAttribute("data-key")) return;
    section.setAttribute("data-key", keyOf(service));
    setText("service-name", serviceTitle(service));
    var word = document.getElementById("service-word");
    if (word) {
      word.textContent = service.word || "";
      word.hidden = !service.word;
    }
    var companions = {};
    ((body.companions && body.companions.items) || []).forEach(function (c) {
      companions[c.path] = c;
    });
    // Whether any part is recorded: only then is there a player (the server reads it the same: components.ts
    // anyRecorded).
    var played = service.order.some(function (part) {
      return Boolean(part.recording && local(part.recording));
    });
    var list = document.getElementById("service-parts");
    if (list) {
      list.setAttribute("data-service", identityOf(service));
      list.setAttribute("data-service-label", serviceTitle(service) + " · " + slotHours(service.slot));
      list.textContent = "";
      service.order.forEach(function (part) {
        list.appendChild(partItem(part, companions[part.path], played));
      });
    }
    // The reflection form offers the songs of the service the visitor is actually hearing, its first
    // chosen; a song chosen in a form sent back with a refusal (data-kept) stays chosen if it is among them.
    var choice = document.getElementById("reflect-song");
    // The same words as the server's (components.ts songHint): the song playing only where something can play.
    setText(
      "reflect-song-hint",
      played
        ? "Reflections are kept with a song; the one playing is chosen for you."
        : "Reflections are kept with a song: choose the one your words are about.",
    );
    if (choice) {
      var kept = choice.hasAttribute("data-kept") ? choice.value : "";
      choice.textContent = "";
      service.order.forEach(function (part) {
        if (part.kind !== "song" || !part.slug) return;
        var option = el("option", null, part.title);
        option.value = part.slug;
        choice.appendChild(option);
      });
      if (body.current) choice.value = body.current.slug;
      if (kept) choice.value = kept;
      if (!choice.value && choice.options.length) choice.selectedIndex = 0;
    }
  }

  function refresh() {
    section = document.getElementById("now");
    if (!section || document.hidden) return;
    var asked = section;
    getJson(url)
      .then(function (body) {
        // The page may have been swapped for another while the answer came.
        if (body && asked.isConnected) render(body);
      })
      .catch(function () {
        /* keep what is shown */
      });
  }
  refresh();
  setInterval(refresh, 5 * 60 * 1000);
  (window.sanctuaryPageInits = window.sanctuaryPageInits || []).push(refresh);
})();
