// /services opens one service without scripts: the server's hour and a place unknown. This unfolds the
// browser's own instead: its slot from the local hour, its tier from the hemisphere /api/now places its
// timezone in (none placed: a place unknown). The rest stay folded, one click away.
"use strict";
// init runs again on each page shell.js swaps in.
(function () {
  function init() {
    var all = document.querySelectorAll("details.service[data-slot]");
    if (!all.length || all[0].hasAttribute("data-wired")) return;
    all[0].setAttribute("data-wired", "");
    var zone = "";
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
    } catch (e) {
      zone = "";
    }
    var slot = String(Math.floor(new Date().getHours() / 4));
    function unfold(tier) {
      var inSlot = Array.prototype.filter.call(all, function (d) {
        return d.getAttribute("data-slot") === slot;
      });
      var mine =
        inSlot.filter(function (d) {
          return d.getAttribute("data-tier") === tier;
        })[0] ||
        inSlot.filter(function (d) {
          return d.getAttribute("data-tier") === "unknown";
        })[0] ||
        inSlot[0];
      if (!mine) return;
      Array.prototype.forEach.call(all, function (d) {
        if (d !== mine && d.open && !d.hasAttribute("data-touched")) d.open = false;
      });
      mine.open = true;
      var jump = document.getElementById("your-service");
      if (jump) jump.setAttribute("href", "#" + mine.id);
    }
    // A service the visitor opened or closed themselves is left as they left it.
    Array.prototype.forEach.call(all, function (d) {
      d.querySelector("summary").addEventListener("click", function () {
        d.setAttribute("data-touched", "");
      });
    });
    fetch("/api/now" + (zone ? "?timezone=" + encodeURIComponent(zone) : ""), { headers: { accept: "application/json" } })
      .then(function (r) {
        return r.ok ? r.json() : null;
      })
      .then(function (body) {
        var season = body && body.service && body.service.season;
        unfold(season && season.hemisphere ? season.hemisphere : "unknown");
      })
      .catch(function () {
        unfold("unknown");
      });
  }
  (window.sanctuaryPageInits = window.sanctuaryPageInits || []).push(init);
  init();
})();
