// Plays a service in its order, part after part, because a service is always received from its beginning.
// A box [data-player-for="<list id>"] names a list whose <li> are the parts; a part's <audio> (if it has a
// recording) is played, and when it ends the next part with a recording starts by itself. Parts without one
// are passed over (their "not yet recorded" note is in the page already). The part playing is marked
// aria-current, its words are opened, and the box says which part it is. The list may be redrawn (home.js
// does when the visitor's own hour has another service): the player then starts that one from its beginning.
"use strict";
(function () {
  function setup(box) {
    var list = document.getElementById(box.getAttribute("data-player-for"));
    var button = box.querySelector("button");
    var status = box.querySelector(".now-playing");
    if (!list || !button || !status) return;
    var current = null;
    var passed = [];

    function parts() {
      return Array.prototype.filter.call(list.children, function (li) {
        return li.tagName === "LI";
      });
    }
    function audioOf(li) {
      return li ? li.querySelector("audio") : null;
    }
    function titleOf(li) {
      return li.getAttribute("data-title") || "";
    }
    function partOf(node) {
      var li = node && node.closest ? node.closest("li") : null;
      while (li && li.parentNode !== list) li = li.parentNode && li.parentNode.closest ? li.parentNode.closest("li") : null;
      return li;
    }
    function mark(li) {
      parts().forEach(function (p) {
        if (p === li) p.setAttribute("aria-current", "true");
        else p.removeAttribute("aria-current");
      });
    }
    function say(text) {
      if (status.textContent !== text) status.textContent = text;
    }
    function label(text) {
      if (button.textContent !== text) button.textContent = text;
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
    function playing(li) {
      var all = parts();
      say("Playing part " + (all.indexOf(li) + 1) + " of " + all.length + ": " + titleOf(li) + "." + skippedNote());
      label("Pause");
    }
    // The part's words beside its sound: open its <details> (home.js loads them on opening).
    function openWords(li) {
      var details = li.querySelector("details");
      if (details && !details.open) details.open = true;
    }
    function play(li) {
      current = li;
      mark(li);
      openWords(li);
      var audio = audioOf(li);
      audio.currentTime = 0;
      var started = audio.play();
      if (started && started.catch)
        started.catch(function () {
          say("The browser would not start “" + titleOf(li) + "”; press its own play control.");
          label("Play the service from its beginning");
        });
    }
    // From the part at `index` on: the first with a recording plays; the others are noted as passed over.
    function startFrom(index) {
      var all = parts();
      for (var i = index; i < all.length; i++) {
        if (audioOf(all[i])) return play(all[i]);
        passed.push(titleOf(all[i]));
      }
      current = null;
      mark(null);
      say((index === 0 ? "No part of this service is recorded yet." : "The service has ended.") + skippedNote());
      passed = [];
      label("Play the service from its beginning");
    }

    button.addEventListener("click", function () {
      var audio = audioOf(current);
      if (audio && list.contains(current) && !audio.ended) {
        if (audio.paused) audio.play();
        else audio.pause();
        return;
      }
      passed = [];
      startFrom(0);
    });
    // Media events do not bubble: listen in the capture phase, so a part's own controls count too.
    list.addEventListener(
      "play",
      function (e) {
        var li = partOf(e.target);
        if (!li) return;
        parts().forEach(function (p) {
          var a = audioOf(p);
          if (p !== li && a && !a.paused) a.pause();
        });
        if (li !== current) {
          current = li;
          mark(li);
        }
        playing(li);
      },
      true,
    );
    list.addEventListener(
      "pause",
      function (e) {
        var li = partOf(e.target);
        if (li !== current || e.target.ended) return;
        say("Paused at part " + (parts().indexOf(li) + 1) + ": " + titleOf(li) + ".");
        label("Go on");
      },
      true,
    );
    list.addEventListener(
      "ended",
      function (e) {
        var li = partOf(e.target);
        if (li === current) startFrom(parts().indexOf(li) + 1);
      },
      true,
    );
    // A redrawn list is another service (or the same one afresh): whatever was playing went with the old parts.
    new MutationObserver(function () {
      if (current && !list.contains(current)) {
        current = null;
        passed = [];
        say("");
        label("Play the service from its beginning");
      }
    }).observe(list, { childList: true });
    // Shown only now: without this script the parts' own players are still there.
    box.hidden = false;
  }
  Array.prototype.forEach.call(document.querySelectorAll("[data-player-for]"), setup);
})();
