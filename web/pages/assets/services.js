// /services shows one half of the world's services without scripts: the one the address asks for
// (?half=north|south|everywhere), else the services for everywhere. This shows the browser's own half
// instead (the hemisphere /api/now places its timezone in; none placed: everywhere), unless the address
// asked for one, and unfolds the service of the browser's own hour. The rest stay folded, one click away. At
// /services (no date: the server's, UTC's) a browser whose own date differs is taken to its own date's page.
"use strict";
// init runs again on each page shell.js swaps in.
(function () {
  var NAMES = { north: "the northern half of the world", south: "the southern half of the world", unknown: "everywhere" };
  var HALF = { north: "north", south: "south", unknown: "everywhere" };

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
    var clock = new Date();
    var slot = String(Math.floor(clock.getHours() / 4));
    var two = function (n) {
      return (n < 10 ? "0" : "") + n;
    };
    // The browser's own date: "your hour" is said only on its page (another day's page holds no hour of the visitor's).
    var ownDate = clock.getFullYear() + "-" + two(clock.getMonth() + 1) + "-" + two(clock.getDate());
    // The service the server opened (its own hour), for a page that has no service in the browser's hour: a day's
    // page lists only the slots recorded for that date, and the browser's hour may fall on its own next or last day.
    var opened = document.querySelector("details.service[data-slot][open]");
    var openedSlot = opened ? opened.getAttribute("data-slot") : null;
    var asked = /[?&]half=/.test(location.search);
    function inSlot(s) {
      return Array.prototype.filter.call(all, function (d) {
        return d.getAttribute("data-slot") === s;
      });
    }
    function pick(list, tier) {
      function ofTier(t) {
        return list.filter(function (d) {
          return d.getAttribute("data-tier") === t;
        })[0];
      }
      return ofTier(tier) || ofTier("unknown") || list[0];
    }
    // Each slot shows one service, the half's own where it has one; the line above says which half, and links the others.
    function showHalf(tier) {
      var slots = {};
      Array.prototype.forEach.call(all, function (d) {
        slots[d.getAttribute("data-slot")] = true;
      });
      Object.keys(slots).forEach(function (s) {
        var list = inSlot(s);
        var mine = pick(list, tier);
        list.forEach(function (d) {
          d.hidden = d !== mine;
          if (d.hidden) d.open = false;
        });
      });
      var line = document.getElementById("halves");
      if (!line || line.getAttribute("data-tier") === tier) return;
      line.setAttribute("data-tier", tier);
      line.textContent = "Showing the services for ";
      line.appendChild(document.createElement("strong")).textContent = NAMES[tier];
      line.appendChild(document.createTextNode(". Also: "));
      Object.keys(NAMES)
        .filter(function (t) {
          return t !== tier;
        })
        .forEach(function (t, i) {
          if (i) line.appendChild(document.createTextNode(" · "));
          var a = line.appendChild(document.createElement("a"));
          a.href = "?half=" + HALF[t];
          a.setAttribute("data-half", t);
          a.textContent = NAMES[t];
        });
    }
    // The words and the link the server wrote for the hour it assumed (UTC's), said again for the browser's own: only
    // when this page is the browser's date and holds its slot (the same words as pages/services.ts).
    function sayYourHour(own) {
      var halves = document.getElementById("halves");
      var yours = Boolean(own) && Boolean(halves) && halves.getAttribute("data-date") === ownDate;
      var note = document.getElementById("your-hour");
      if (note) note.textContent = yours ? "The service of your hour is open below; open any other to read it." : "Open any of them to read it.";
      var jump = document.getElementById("your-service");
      if (!jump) return;
      if (yours) jump.setAttribute("href", "#" + own.id);
      jump.parentNode.hidden = !yours;
    }
    function unfold(tier) {
      showHalf(tier);
      var own = pick(inSlot(slot), tier);
      sayYourHour(own);
      var mine = own || (openedSlot !== null ? pick(inSlot(openedSlot), tier) : undefined);
      if (!mine) return;
      Array.prototype.forEach.call(all, function (d) {
        if (d !== mine && d.open && !d.hasAttribute("data-touched")) d.open = false;
      });
      mine.open = true;
    }
    // A service the visitor opened or closed themselves is left as they left it.
    Array.prototype.forEach.call(all, function (d) {
      d.querySelector("summary").addEventListener("click", function () {
        d.setAttribute("data-touched", "");
      });
    });
    var line = document.getElementById("halves");
    var askedTier = (line && line.getAttribute("data-tier")) || "unknown";
    // The calendar in the browser's own zone rather than UTC's.
    var calendar = document.getElementById("services-calendar");
    if (calendar && zone) calendar.setAttribute("href", "/feed/services.ics?timezone=" + encodeURIComponent(zone));
    // /services without a date is the server's date (UTC); the browser's own day may be another.
    var bare = location.pathname === "/services";
    if (asked && !bare) {
      unfold(askedTier);
      return;
    }
    fetch("/api/now" + (zone ? "?timezone=" + encodeURIComponent(zone) : ""), { headers: { accept: "application/json" } })
      .then(function (r) {
        return r.ok ? r.json() : null;
      })
      .then(function (body) {
        var service = body && body.service;
        var today = service && service.today && service.today.date;
        // Another day here: that day's page, whose services exist now that /api/now has placed this zone on it.
        if (bare && today && line && today !== line.getAttribute("data-date")) {
          var own = "/services/" + today + location.search + location.hash;
          // While a service plays, the page shell swaps it in (a full load would cut the sound).
          if (!(window.sanctuaryReplacePage && window.sanctuaryReplacePage(own))) location.replace(own);
          return;
        }
        unfold(asked ? askedTier : service && service.season && service.season.hemisphere ? service.season.hemisphere : "unknown");
      })
      .catch(function () {
        unfold(asked ? askedTier : "unknown");
      });
  }
  (window.sanctuaryPageInits = window.sanctuaryPageInits || []).push(init);
  init();
})();
