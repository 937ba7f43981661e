// Light or dark. Loaded in <head> without defer, so a chosen theme is on <html data-theme> before the first
// paint (no flash). No choice yet: no attribute, and the stylesheet follows the system's
// prefers-color-scheme (as it does with scripts off). The header's button switches and remembers the choice.
// It also names the watch of the visitor's own hour on <html data-watch>, so the header's horizon keeps that
// hour (site.css): the sun low at dawn and dusk, high at noon, the moon and stars in the night watches.
"use strict";
(function () {
  var KEY = "sanctuary-theme";
  var root = document.documentElement;
  var WATCHES = ["deep", "turning", "morning", "noon", "gathering", "closing"];
  function markWatch() {
    root.setAttribute("data-watch", WATCHES[Math.floor(new Date().getHours() / 4)]);
  }
  markWatch();
  // A page left open across a watch's end keeps up (checked each minute; the attribute changes only at the turn).
  setInterval(markWatch, 60000);
  var saved = null;
  try {
    saved = localStorage.getItem(KEY);
  } catch (e) {
    saved = null;
  }
  if (saved === "light" || saved === "dark") root.setAttribute("data-theme", saved);

  var system = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  function shown() {
    return root.getAttribute("data-theme") || (system && system.matches ? "dark" : "light");
  }
  document.addEventListener("DOMContentLoaded", function () {
    var button = document.getElementById("theme-toggle");
    if (!button) return;
    function say() {
      button.setAttribute("aria-pressed", shown() === "dark" ? "true" : "false");
    }
    button.addEventListener("click", function () {
      var next = shown() === "dark" ? "light" : "dark";
      root.setAttribute("data-theme", next);
      try {
        localStorage.setItem(KEY, next);
      } catch (e) {
        /* private windows may refuse: the choice holds for this page */
      }
      say();
    });
    if (system && system.addEventListener) system.addEventListener("change", say);
    say();
    button.hidden = false;
  });
})();
