// A service's parts on a page, as a view of the player bar (player.js), which does the playing. A box
// [data-player-for="<list id>"] names a list ([data-service]: the service's identity) whose <li> are the
// parts. The box's button plays the service from its beginning, or pauses and goes on when the bar holds
// this same service; each recorded part but the one playing gets "Play from here" in place of its own
// player, which would stop when the visitor moved to another page. The part the bar plays is marked aria-current and its words
// are opened. The list may be redrawn (home.js does, for the visitor's own hour): the view follows.
"use strict";
(function () {
  var player = window.sanctuaryPlayer;
  if (!player) return;

  function listOf(box) {
    return document.getElementById(box.getAttribute("data-player-for"));
  }
  function parts(list) {
    return Array.prototype.filter.call(list.children, function (li) {
      return li.tagName === "LI";
    });
  }
  function titleOf(li) {
    return li.getAttribute("data-title") || "";
  }
  // The service as the bar keeps it: plain data, so it can be saved and resumed after a reload.
  function serviceOf(list) {
    return {
      id: list.getAttribute("data-service") || list.id,
      label: list.getAttribute("data-service-label") || "",
      parts: parts(list).map(function (li) {
        var audio = li.querySelector("audio");
        return {
          title: titleOf(li),
          src: audio ? audio.getAttribute("src") : null,
          seconds: Number(li.getAttribute("data-seconds")) || 0,
          page: li.getAttribute("data-page") || null,
        };
      }),
    };
  }
  function holds(list) {
    var s = player.state();
    return s.id !== null && s.id === list.getAttribute("data-service") ? s : null;
  }
  function play(list, from) {
    var s = holds(list);
    if (s && s.index >= 0 && (from === null || from === s.index)) player.toggle();
    else player.start(serviceOf(list), from || 0);
  }
  function label(node, text) {
    if (node && node.textContent !== text) node.textContent = text;
  }

  // Each recorded part's own player gives way to a button that hands the part to the bar.
  function dress(list) {
    // A piece's own page (data-single) has the box's one button and nothing more.
    if (list.hasAttribute("data-single")) {
      parts(list).forEach(function (li) {
        var audio = li.querySelector("audio");
        if (audio) audio.hidden = true;
      });
      return;
    }
    parts(list).forEach(function (li) {
      var audio = li.querySelector("audio");
      if (!audio || li.querySelector(".part-play")) return;
      audio.hidden = true;
      // A small, quiet control (a drawn triangle); its words are for screen readers and the tests alike.
      var button = document.createElement("button");
      button.type = "button";
      button.className = "part-play";
      var words = document.createElement("span");
      words.className = "visually-hidden";
      words.textContent = "Play from here";
      button.appendChild(words);
      button.setAttribute("aria-label", "Play from “" + titleOf(li) + "”");
      li.insertBefore(button, li.firstChild);
    });
  }

  function sync() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-player-for][data-wired]"), function (box) {
      var list = listOf(box);
      if (!list) return;
      var s = holds(list);
      var at = s ? s.index : -1;
      parts(list).forEach(function (li, i) {
        var button = li.querySelector(".part-play");
        // The part playing needs no button of its own: the box above and the bar pause and go on. The button just
        // pressed hands keyboard focus to the bar's own, rather than dropping it to the page (WCAG 2.4.3).
        if (button && i === at && document.activeElement === button) {
          var toggle = document.querySelector("#player-bar .bar-toggle");
          if (toggle) toggle.focus();
        }
        if (button) button.hidden = i === at;
        if (i === at) {
          li.setAttribute("aria-current", "true");
          // Marked "Paused" rather than "Playing" while the bar holds the part without sound.
          if (s.playing) li.removeAttribute("data-paused");
          else li.setAttribute("data-paused", "");
          // The part's words beside its sound, opened once as it begins (home.js loads them on opening).
          if (box.getAttribute("data-opened") !== String(i)) {
            var details = li.querySelector("details");
            if (details && !details.open) details.open = true;
          }
        } else {
          li.removeAttribute("aria-current");
          li.removeAttribute("data-paused");
        }
      });
      box.setAttribute("data-opened", String(at));
      var main = box.querySelector("button");
      // With no part recorded yet there is nothing to play: no button that would only open a bar saying so.
      var recorded = parts(list).some(function (li) {
        return li.querySelector("audio");
      });
      if (main) main.hidden = !recorded && !s;
      label(main, s && at >= 0 ? (s.playing ? "Pause" : "Go on") : box.getAttribute("data-play-label") || "Play the service");
      // The drawn icon follows: a triangle to play or go on, two bars to pause.
      if (main) main.setAttribute("data-state", s && at >= 0 && s.playing ? "pause" : "play");
      // The home page draws each part's words below it; a day's services link each part to its page, which has them.
      var wordsHere = parts(list).some(function (li) {
        return li.querySelector("details");
      });
      var unrecorded = wordsHere ? "Not recorded yet: its words are below, to read." : "Not recorded yet: each part's words are on its page, to read.";
      label(box.querySelector(".now-playing"), s ? s.say : recorded ? "" : unrecorded);
    });
  }

  function wire(box) {
    var list = listOf(box);
    var button = box.querySelector("button");
    if (!list || !button || box.hasAttribute("data-wired")) return;
    box.setAttribute("data-wired", "");
    button.addEventListener("click", function () {
      play(list, null);
    });
    list.addEventListener("click", function (e) {
      var pressed = e.target.closest && e.target.closest(".part-play");
      if (!pressed) return;
      var li = pressed.closest("li");
      while (li && li.parentNode !== list) li = li.parentNode.closest("li");
      if (li) play(list, parts(list).indexOf(li));
    });
    new MutationObserver(function () {
      dress(list);
      sync();
    }).observe(list, { childList: true, attributes: true, attributeFilter: ["data-service"] });
    dress(list);
    // Shown only now: without this script the parts' own players are still there.
    box.hidden = false;
  }

  function init() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-player-for]"), wire);
    sync();
  }
  player.subscribe(sync);
  // shell.js runs this again on every page it swaps in.
  (window.sanctuaryPageInits = window.sanctuaryPageInits || []).push(init);
  init();
})();
