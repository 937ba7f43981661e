// The ask form is a plain HTML form that works without this script (the page asks, then shows the
// question and its answer). The script only says "Asking the library…" and holds the button while the
// answer is gathered, so one press asks once. init runs again on each page shell.js swaps in.
"use strict";
(function () {
  function init() {
    var form = document.getElementById("ask-form");
    if (!form || form.hasAttribute("data-wired")) return;
    form.setAttribute("data-wired", "");
    form.addEventListener("submit", function (event) {
      if (form.hasAttribute("data-asking")) {
        event.preventDefault();
        return;
      }
      form.setAttribute("data-asking", "");
      var button = form.querySelector("button[type=submit]");
      // Only the button is held: disabled boxes would be left out of what the form sends.
      if (button) {
        button.disabled = true;
        button.textContent = "Asking the library…";
      }
    });
  }
  window.addEventListener("pageshow", function () {
    var form = document.getElementById("ask-form");
    if (!form) return;
    form.removeAttribute("data-asking");
    var button = form.querySelector("button[type=submit]");
    if (button) {
      button.disabled = false;
      button.textContent = "Ask";
    }
  });
  (window.sanctuaryPageInits = window.sanctuaryPageInits || []).push(init);
  init();
})();
