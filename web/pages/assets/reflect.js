// The reflection form is a plain HTML form that works without this script. The script adds three things:
// the browser's timezone (so the reflection lands in the service the visitor was hearing, not UTC's),
// a "Sending…" word with the button held while the page posts, so one press sends once, and on the home
// page the song chosen to follow the part playing.
"use strict";
(function () {
  var form = document.getElementById("reflect-form");
  if (!form) return;
  var zone = "";
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (e) {
    zone = "";
  }
  if (form.elements.timezone && zone) form.elements.timezone.value = zone;
  // On the home page the song follows the part playing (player.js marks it aria-current), until the
  // visitor chooses one themselves.
  var choice = document.getElementById("reflect-song");
  var parts = document.getElementById("service-parts");
  if (choice && parts && window.MutationObserver) {
    var chosenByHand = false;
    choice.addEventListener("change", function () {
      chosenByHand = true;
    });
    new MutationObserver(function () {
      var playing = parts.querySelector("li[aria-current]");
      if (chosenByHand || !playing) return;
      Array.prototype.forEach.call(choice.options, function (option) {
        if (option.textContent === playing.getAttribute("data-title")) choice.value = option.value;
      });
    }).observe(parts, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-current"] });
  }
  var sending = false;
  form.addEventListener("submit", function (event) {
    if (sending) {
      event.preventDefault();
      return;
    }
    sending = true;
    var button = form.querySelector("button[type=submit]");
    // Only the button is held: disabled boxes would be left out of what the form sends.
    if (button) {
      button.disabled = true;
      button.textContent = "Sending…";
    }
  });
  // Coming back through the browser's history shows the form as it was left: ready again.
  window.addEventListener("pageshow", function () {
    sending = false;
    var button = form.querySelector("button[type=submit]");
    if (button) {
      button.disabled = false;
      button.textContent = "Leave the reflection";
    }
  });
})();
