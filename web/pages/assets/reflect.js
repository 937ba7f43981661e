// The reflection form: posts JSON to /api/reflect and shows what the API says back — its thank-you
// message, or its own `error` and `suggestion` — so people read the same words agents receive.
"use strict";
(function () {
  var form = document.getElementById("reflect-form");
  if (!form) return;
  var fieldset = form.querySelector("fieldset");
  var result = document.getElementById("reflect-result");
  var zone = "";
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { zone = ""; }

  function show(kind, lines) {
    result.textContent = "";
    result.className = "result " + kind;
    // Errors interrupt (alert); thanks are announced politely (the region's own role=status).
    result.setAttribute("role", kind === "error" ? "alert" : "status");
    lines.forEach(function (line) { if (line) { var p = document.createElement("p"); p.textContent = line; result.appendChild(p); } });
  }
  function value(name) { var f = form.elements[name]; return f ? f.value.trim() : ""; }
  function addToList(name, text, location) {
    var list = document.getElementById(form.getAttribute("data-list") || "");
    if (!list) return;
    var li = document.createElement("li");
    li.className = "reflection";
    var p = document.createElement("p");
    p.className = "reflection-text";
    p.textContent = text;
    var meta = document.createElement("p");
    meta.className = "meta";
    meta.textContent = "— " + name + (location ? ", " + location : "") + " · just now";
    li.appendChild(p);
    li.appendChild(meta);
    list.insertBefore(li, list.firstChild);
    var empty = document.getElementById(list.id + "-empty");
    if (empty) empty.hidden = true;
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var body = { name: value("name"), text: value("text") };
    if (value("songSlug")) body.songSlug = value("songSlug");
    if (value("location")) body.location = value("location");
    if (zone) body.timezone = zone;
    fieldset.disabled = true;
    show("pending", ["Sending…"]);
    fetch("/api/reflect", { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(body) })
      .then(function (res) { return res.json().then(function (json) { return { ok: res.ok, json: json }; }); })
      .then(function (r) {
        if (r.ok) {
          show("success", [r.json.message]);
          addToList(body.name, body.text, body.location);
          form.elements.text.value = "";
        } else {
          show("error", [r.json.error || "The reflection was not received.", r.json.suggestion]);
        }
      })
      .catch(function () { show("error", ["The sanctuary could not be reached.", "Nothing was stored. Please try again in a moment."]); })
      .then(function () { fieldset.disabled = false; });
  });
  fieldset.disabled = false;
})();
