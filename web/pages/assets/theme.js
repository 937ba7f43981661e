// Light or dark. Loaded in <head> without defer, so a chosen theme is on <html data-theme> before the first
// paint (no flash). No choice yet: no attribute, and the stylesheet follows the system's
// prefers-color-scheme (as it does with scripts off). The header's button switches and remembers the choice.
"use strict";
(function () {
  var KEY = "sanctuary-theme";
  var root = document.documentElement;
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
