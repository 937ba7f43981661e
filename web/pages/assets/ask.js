// The ask form is a plain HTML form that works without this script (the page asks, then shows the
// question and its answer). The script only says "Asking the library…" and holds the button while the
// answer is gathered, so one press asks once.
"use strict";
(function () {
  var form = document.getElementById("ask-form");
  if (!form) return;
  var asking = false;
  var button = form.querySelector("button[type=submit]");
  form.addEventListener("submit", function (event) {
    if (asking) {
      event.preventDefault();
      return;
    }
    asking = true;
    // Only the button is held: disabled boxes would be left out of what the form sends.
    if (button) {
      button.disabled = true;
      button.textContent = "Asking the library…";
    }
  });
  window.addEventListener("pageshow", function () {
    asking = false;
    if (button) {
      button.disabled = false;
      button.textContent = "Ask";
    }
  });
})();
