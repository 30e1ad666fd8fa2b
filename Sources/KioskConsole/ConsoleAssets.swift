/// The console's stylesheet and its one script, served from memory (a PG's network is often offline: no CDN).
enum ConsoleAssets {
    /// Phone first (390 px), wider screens get more columns; print hides the navigation.
    static let stylesheet = """
        :root { --ink: #1b1f24; --muted: #5b6470; --line: #d8dde3; --accent: #0b5cad; --bad: #b3261e; --warn: #8a5a00; --good: #1e6b34; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 16px/1.45 system-ui, "Noto Sans", "Noto Sans Devanagari", sans-serif; color: var(--ink); background: #f6f7f9; }
        header.bar { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem .75rem; padding: .5rem .75rem; background: #fff;
            border-bottom: 1px solid var(--line); }
        header.bar nav { display: flex; flex-wrap: wrap; gap: .25rem .75rem; flex: 1 1 auto; }
        header.bar a { color: var(--accent); text-decoration: none; padding: .25rem 0; }
        header.bar a[aria-current="page"] { font-weight: 700; text-decoration: underline; }
        header.bar form { margin: 0; }
        main { padding: .75rem; max-width: 72rem; margin: 0 auto; }
        h1 { font-size: 1.35rem; margin: .25rem 0 .75rem; }
        h2 { font-size: 1.1rem; margin: 1.25rem 0 .5rem; }
        .counts { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: .5rem; margin: 0 0 .5rem; padding: 0; list-style: none; }
        .counts li { background: #fff; border: 1px solid var(--line); border-radius: .5rem; padding: .5rem; text-align: center; }
        .counts b { display: block; font-size: 1.5rem; }
        .counts li { font-size: .85rem; overflow-wrap: anywhere; }
        .counts .bad b { color: var(--bad); } .counts .warn b { color: var(--warn); } .counts .good b { color: var(--good); }
        .table { overflow-x: auto; background: #fff; border: 1px solid var(--line); border-radius: .5rem; }
        table { border-collapse: collapse; width: 100%; }
        th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
        th { font-size: .85rem; color: var(--muted); font-weight: 600; }
        td.num, th.num { text-align: right; }
        .sheet td, .sheet th { padding: .2rem .3rem; text-align: center; font-variant-numeric: tabular-nums; }
        .sheet td:first-child, .sheet th:first-child { text-align: left; position: sticky; left: 0; background: #fff; }
        .empty { color: var(--muted); margin: .25rem 0; }
        .live { font-size: .85rem; padding: .15rem .5rem; border-radius: 1rem; border: 1px solid var(--line); }
        .live.ok { color: var(--good); } .live.lost { color: var(--bad); border-color: var(--bad); }
        .notice { padding: .5rem .75rem; border-radius: .5rem; margin: .5rem 0; background: #e8f1fb; }
        .notice.error { background: #fdecea; color: var(--bad); }
        form.stack { display: grid; gap: .5rem; max-width: 28rem; background: #fff; border: 1px solid var(--line); border-radius: .5rem;
            padding: .75rem; }
        form.inline { display: inline; }
        label { display: grid; gap: .15rem; font-size: .9rem; }
        input, select, textarea, button { font: inherit; padding: .45rem .5rem; border: 1px solid #aab3bd; border-radius: .35rem; }
        button { background: var(--accent); color: #fff; border-color: var(--accent); cursor: pointer; }
        button.quiet { background: #fff; color: var(--accent); }
        .downloads a { margin-right: .75rem; }
        .muted { color: var(--muted); }
        td.tick { width: 3rem; border-left: 1px solid var(--line); }
        @media (min-width: 48rem) { .counts { grid-template-columns: repeat(7, minmax(0, 1fr)); } }
        @media print {
            header.bar, .live, form, .downloads, .noprint { display: none !important; }
            body { background: #fff; font-size: 11pt; } main { max-width: none; padding: 0; }
            .table { border: 0; overflow: visible; } th, td { padding: .15rem .3rem; }
            @page { size: A4; margin: 14mm; }
        }
        """

    /// Keeps the Today page live over server-sent events, and says when the connection is lost (the browser
    /// reconnects by itself).
    static let script = """
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
          source.onerror = function () { show("Connection lost; reconnecting\\u2026", "lost"); };
        })();
        """
}
