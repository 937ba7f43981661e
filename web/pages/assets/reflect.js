// The reflection form is a plain HTML form that works without this script. The script adds three things:
// the browser's timezone (so the reflection lands in the service the visitor was hearing, not UTC's),
// a "Sending…" word with the button held while the page posts, so one press sends once, and on the home
// page the song chosen to follow the part playing. init runs again on each page shell.js swaps in.
"use strict";
(function () {
  var zone = "";
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (e) {
    zone = "";
  }
  function ready(form) {
    form.removeAttribute("data-sending");
    var button = form.querySelector("button[type=submit]");
    if (button) {
      button.disabled = false;
      button.textContent = "Leave the reflection";
    }
  }
  // On the home page the song follows the part playing (the list marks it aria-current), until the visitor
  // chooses one themselves.
  function followPlaying() {
    var choice = document.getElementById("reflect-song");
    var parts = document.getElementById("service-parts");
    if (!choice || !parts || !window.MutationObserver) return;
    var chosenByHand = false;
    choice.addEventListener("change", function () {
      chosenByHand = true;
    });
    function follow() {
      var playing = parts.querySelector("li[aria-current]");
      if (chosenByHand || !playing) return;
      Array.prototype.forEach.call(choice.options, function (option) {
        if (option.textContent === playing.getAttribute("data-title")) choice.value = option.value;
      });
    }
    new MutationObserver(follow).observe(parts, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-current"] });
    follow();
  }
  function init() {
    var form = document.getElementById("reflect-form");
    if (!form || form.hasAttribute("data-wired")) return;
    form.setAttribute("data-wired", "");
    if (form.elements.timezone && zone) form.elements.timezone.value = zone;
    followPlaying();
    form.addEventListener("submit", function (event) {
      if (form.hasAttribute("data-sending")) {
        event.preventDefault();
        return;
      }
      form.setAttribute("data-sending", "");
      var button = form.querySelector("button[type=submit]");
      // Only the button is held: disabled boxes would be left out of what the form sends.
      if (button) {
        button.disabled = true;
        button.textContent = "Sending…";
      }
    });
  }
  // Coming back through the browser's history shows the form as it was left: ready again.
  window.addEventListener("pageshow", function () {
    var form = document.getElementById("reflect-form");
    if (form) ready(form);
  });
  (window.sanctuaryPageInits = window.sanctuaryPageInits || []).push(init);
  init();
})();
