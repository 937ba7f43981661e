// The ask form: posts to /api/ask and shows the answer, its sources and the conversation's page, or the
// API's own `error` and `suggestion`. Follow-ups continue the same conversation: the session id and
// owner token live only in this page's memory and are gone when it closes.
"use strict";
(function () {
  var form = document.getElementById("ask-form");
  if (!form) return;
  var fieldset = form.querySelector("fieldset");
  var result = document.getElementById("ask-result");
  var answerBox = document.getElementById("ask-answer");
  var newButton = document.getElementById("ask-new");
  var session = null;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function local(u) { try { var p = new URL(u, location.href); return p.pathname + p.search; } catch (e) { return null; } }
  function show(kind, lines) {
    result.textContent = "";
    result.className = "result " + kind;
    result.setAttribute("role", kind === "error" ? "alert" : "status");
    lines.forEach(function (line) { if (line) result.appendChild(el("p", null, line)); });
  }
  // Answers are markdown; only two shapes matter here: paragraphs and "> " quotations.
  function renderAnswer(container, text) {
    container.textContent = "";
    text.split(/\n\s*\n/).forEach(function (block) {
      var lines = block.split("\n");
      var quoted = lines.every(function (l) { return /^>/.test(l); });
      var content = quoted ? lines.map(function (l) { return l.replace(/^>\s?/, ""); }).join("\n") : block;
      var node = el(quoted ? "blockquote" : "p", "answer", content.replace(/(\*\*|__)/g, "").trim());
      container.appendChild(node);
    });
  }
  function setFollowUp(active) {
    var label = form.querySelector("label[for=ask-question]");
    if (label) label.textContent = active ? "Your follow-up question" : "Your question";
    newButton.hidden = !active;
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var question = form.elements.question.value.trim();
    var name = form.elements.name.value.trim();
    var body = { question: question };
    if (name) body.name = name;
    if (session) { body.session_id = session.id; body.owner_token = session.token; }
    fieldset.disabled = true;
    show("pending", ["Asking the library…"]);
    fetch("/api/ask", { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(body) })
      .then(function (res) { return res.json().then(function (json) { return { ok: res.ok, json: json }; }); })
      .then(function (r) {
        if (!r.ok) { show("error", [r.json.error || "The question was not received.", r.json.suggestion]); return; }
        show("success", ["Answered. The conversation is public at its own page."]);
        session = { id: r.json.session_id, token: r.json.owner_token };
        renderAnswer(document.getElementById("ask-answer-text"), r.json.answer || "");
        var sources = document.getElementById("ask-sources");
        sources.textContent = "";
        (r.json.sources || []).forEach(function (s) {
          var li = el("li");
          var href = local(s.url);
          var a = el(href ? "a" : "span", null, s.title);
          if (href) a.href = href;
          li.appendChild(a);
          if (s.category) li.appendChild(document.createTextNode(" (" + s.category + ")"));
          sources.appendChild(li);
        });
        var link = document.getElementById("ask-link");
        link.textContent = "";
        var a = el("a", null, "Read the whole conversation on its page");
        a.href = "/ask/" + encodeURIComponent(r.json.slug);
        link.appendChild(a);
        answerBox.hidden = false;
        form.elements.question.value = "";
        setFollowUp(true);
      })
      .catch(function () { show("error", ["The sanctuary could not be reached.", "Nothing was stored. Please try again in a moment."]); })
      .then(function () { fieldset.disabled = false; });
  });
  newButton.addEventListener("click", function () {
    session = null;
    setFollowUp(false);
    answerBox.hidden = true;
    result.textContent = "";
    form.elements.question.focus();
  });
  fieldset.disabled = false;
})();
