(function () {
  var body = document.getElementById("today");
  var state = document.getElementById("live-state");
  var print = document.getElementById("print");
  if (print) { print.addEventListener("click", function () { window.print(); }); }
  if (!body || !state || !window.EventSource) { return; }
  var source = new EventSource(body.getAttribute("data-live"));
  function show(text, kind) { state.textContent = text; state.className = "live " + kind; }
  source.addEventListener("today", function (event) { body.innerHTML = event.data; show("Live", "ok"); });
  source.addEventListener("alive", function (event) {
    document.querySelectorAll(".as-of").forEach(function (time) { time.textContent = event.data; });
    show("Live", "ok");
  });
  source.onopen = function () { show("Live", "ok"); };
  source.onerror = function () { show("Connection lost; reconnecting\u2026", "lost"); };
})();
