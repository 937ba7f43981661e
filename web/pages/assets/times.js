// Every time on a page in the viewer's own zone. The server writes each instant in UTC inside
// <time datetime="…">; this rewrites the text in the browser's zone, in the same shape
// ("3 Nov 2026, 14:05 GMT+9"). A browser whose zone is UTC keeps what the server wrote: that is its answer.
"use strict";
(function () {
  var format;
  try {
    format = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZoneName: "short",
    });
  } catch (e) {
    return;
  }
  function localize(node) {
    var iso = node.getAttribute("datetime") || "";
    if (iso.indexOf("T") < 0) return; // a date alone has no zone to convert
    var instant = new Date(iso);
    if (isNaN(instant.getTime())) return;
    var p = {};
    format.formatToParts(instant).forEach(function (part) {
      p[part.type] = part.value;
    });
    node.textContent = p.day + " " + p.month + " " + p.year + ", " + p.hour + ":" + p.minute + " " + p.timeZoneName;
    node.setAttribute("data-local", "");
  }
  function all(root) {
    Array.prototype.forEach.call(root.querySelectorAll("time[datetime]:not([data-local])"), localize);
  }
  all(document);
  // Pages that redraw parts of themselves ask again, and so does shell.js for each page it swaps in.
  window.sanctuaryLocalTimes = all;
  (window.sanctuaryPageInits = window.sanctuaryPageInits || []).push(function () {
    all(document);
  });
})();
