/// The preview's one page: HTML, CSS and script in one response, nothing loaded from
/// anywhere else (the drawings arrive as SVG text over the event stream).
enum PreviewPage {
    static func html(token: String, title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <title>drawc preview — \(escaped(title))</title>
        <style>
        html, body { margin: 0; height: 100%; font: 13px/1.4 system-ui, sans-serif; background: #e8e8ec; overflow: hidden; }
        #bar { position: fixed; top: 0; left: 0; right: 0; height: 28px; display: flex; gap: 16px; align-items: center;
               padding: 0 10px; background: #2b2d33; color: #eee; z-index: 5; }
        #bar .dim { color: #aab; }
        #viewport { position: fixed; top: 28px; left: 0; right: 0; bottom: 92px; overflow: hidden; cursor: default; }
        #stage { transform-origin: 0 0; position: absolute; left: 0; top: 0; }
        .page { background: white; box-shadow: 0 1px 4px rgba(0,0,0,.3); margin: 0 0 24px 0; display: block; width: max-content; }
        .page svg { display: block; }
        .box { position: fixed; pointer-events: none; display: none; z-index: 3; }
        #outline { border: 1.5px solid #1a73e8; background: rgba(26,115,232,.06); }
        #sel { border: 2px solid #e8710a; }
        #hl { border: 2px dashed #188038; background: rgba(24,128,56,.08); }
        #errors { position: fixed; top: 40px; left: 12px; right: 12px; max-height: 40%; overflow: auto; margin: 0; padding: 10px 12px;
                  background: rgba(255,240,240,.95); color: #a00; border: 1px solid #d88; border-radius: 4px; font: 12px/1.4 ui-monospace, monospace;
                  white-space: pre-wrap; z-index: 4; }
        #info { position: fixed; left: 0; right: 0; bottom: 0; height: 92px; overflow: auto; background: #fafafa; border-top: 1px solid #ccc;
                padding: 4px 10px; box-sizing: border-box; }
        #hover, #where { font: 12px/1.5 ui-monospace, monospace; color: #333; white-space: pre; }
        #statement { margin: 0; font: 12px/1.4 ui-monospace, monospace; color: #000; white-space: pre-wrap; }
        #message { color: #a50; }
        </style></head>
        <body>
        <div id="bar"><b>drawc preview</b><span id="file"></span><span id="status" class="dim">connecting…</span>
        <span id="grid" class="dim">grid off (G)</span><span id="zoom" class="dim">100%</span>
        <span class="dim">wheel: zoom · drag the paper: pan · 0: fit · Ctrl-Z: undo</span></div>
        <div id="viewport"><div id="stage"><div id="pages"></div></div></div>
        <div id="outline" class="box"></div><div id="sel" class="box"></div><div id="hl" class="box"></div>
        <pre id="errors" hidden></pre>
        <div id="info"><div id="hover">&nbsp;</div><div id="where"></div><pre id="statement"></pre><div id="message"></div></div>
        <script>
        "use strict";
        const TOKEN = \(JSONText.string(token));
        const $ = id => document.getElementById(id);
        let state = null, zoom = 1, panX = 24, panY = 24, grid = false;
        let hovered = null, selected = null, highlighted = [], gesture = null;
        // For tools and tests: each picture shown (version, time), and the state behind it.
        window.drawcRenders = [];
        window.drawcState = () => state;

        function source(id) { return state && state.sources[id]; }
        function sameStatement(a, b) {
          return a && b && a.path === b.path && a.line === b.line && a.column === b.column && a.endLine === b.endLine && a.endColumn === b.endColumn;
        }
        /// The outermost wrapper of the same statement (a component's parts share its call).
        function statementElement(el) {
          let g = el && el.closest ? el.closest("[data-s]") : null;
          if (!g) return null;
          for (;;) {
            const up = g.parentNode && g.parentNode.closest ? g.parentNode.closest("[data-s]") : null;
            if (!up || !sameStatement(source(+up.dataset.s), source(+g.dataset.s))) return g;
            g = up;
          }
        }
        function place(box, els) {
          let r = null;
          for (const el of els) {
            const b = el.getBoundingClientRect();
            if (b.width === 0 && b.height === 0) continue;
            r = r ? { left: Math.min(r.left, b.left), top: Math.min(r.top, b.top), right: Math.max(r.right, b.right), bottom: Math.max(r.bottom, b.bottom) }
                  : { left: b.left, top: b.top, right: b.right, bottom: b.bottom };
          }
          if (!r) { box.style.display = "none"; return; }
          Object.assign(box.style, { display: "block", left: (r.left - 3) + "px", top: (r.top - 3) + "px",
                                     width: (r.right - r.left + 6) + "px", height: (r.bottom - r.top + 6) + "px" });
        }
        function refreshBoxes() {
          place($("outline"), hovered && hovered.isConnected ? [hovered] : []);
          place($("sel"), selected && selected.isConnected ? [selected] : []);
          const els = [];
          for (const id of highlighted) els.push(...document.querySelectorAll('#pages [data-s="' + id + '"]'));
          place($("hl"), els);
        }
        function apply() {
          $("stage").style.transform = "translate(" + panX + "px," + panY + "px) scale(" + zoom + ")";
          $("zoom").textContent = Math.round(zoom * 100) + "%";
          refreshBoxes();
        }
        function say(text) { $("message").textContent = text || ""; document.body.dataset.message = text || ""; }
        function where(s) { return s.path + ":" + s.line + ":" + s.column; }

        function render(s) {
          const newPicture = !state || s.pictureVersion !== state.pictureVersion;
          state = s;
          $("file").textContent = s.file;
          if (newPicture) {
            $("pages").innerHTML = s.pages.map((svg, i) =>
              '<div class="page" data-page="' + (i + 1) + '">' + svg.replace(/^<\\?xml[^>]*>\\s*/, "") + "</div>").join("");
            hovered = null; selected = null;
          }
          const errors = s.diagnostics.filter(d => d.severity === "error");
          if (!s.ok && errors.length) {
            $("errors").hidden = false;
            $("errors").textContent = s.diagnostics.map(d => (d.line ? d.file + ":" + d.line + ":" + d.column : d.file) + ": " + d.severity + ": " + d.message).join("\\n");
          } else {
            $("errors").hidden = true; $("errors").textContent = "";
          }
          $("status").textContent = (s.ok ? "compiled" : "errors — showing the last good picture") + " · " + s.ms + " ms · v" + s.version;
          document.body.dataset.version = s.version;
          document.body.dataset.picture = s.pictureVersion;
          document.body.dataset.ok = s.ok;
          refreshBoxes();
          requestAnimationFrame(() => window.drawcRenders.push({ version: s.version, picture: s.pictureVersion, ok: s.ok, at: Date.now() }));
        }

        async function post(path, body) {
          try {
            const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json", "X-Drawc-Token": TOKEN }, body: JSON.stringify(body || {}) });
            let j = {};
            try { j = await r.json(); } catch (e) {}
            j.status = r.status;
            if (j.reload) { const st = await fetch("/state?token=" + encodeURIComponent(TOKEN)); render(await st.json()); }
            return j;
          } catch (e) { return { ok: false, message: String(e) }; }
        }

        function select(g) {
          selected = g;
          const s = g ? source(+g.dataset.s) : null;
          document.body.dataset.selectedLine = s ? s.line : "";
          $("where").textContent = s ? where(s) + "  " + s.kind + (s.definitions.length ? "  (made by " + s.definitions.join(" → ") + ")" : "") : "";
          $("statement").textContent = s ? s.statement : "";
          say(s && s.notDraggable ? "cannot drag: " + s.notDraggable : "");
          refreshBoxes();
          if (s && state.editor) post("/open", { source: +g.dataset.s });
        }

        const viewport = $("viewport");
        viewport.addEventListener("mousemove", e => {
          if (gesture) return;
          const g = statementElement(e.target);
          if (g === hovered) return;
          hovered = g;
          const s = g ? source(+g.dataset.s) : null;
          $("hover").textContent = s ? where(s) + "  " + s.text.trim() : "\\u00a0";
          document.body.dataset.hoverLine = s ? s.line : "";
          refreshBoxes();
        });
        viewport.addEventListener("mouseleave", () => { if (!gesture) { hovered = null; document.body.dataset.hoverLine = ""; refreshBoxes(); } });
        viewport.addEventListener("mousedown", e => {
          if (e.button !== 0) return;
          const g = statementElement(e.target);
          gesture = { g, x: e.clientX, y: e.clientY, moved: false, panX, panY, dx: 0, dy: 0 };
          e.preventDefault();
        });
        window.addEventListener("mousemove", e => {
          if (!gesture) return;
          const ddx = e.clientX - gesture.x, ddy = e.clientY - gesture.y;
          if (!gesture.moved && Math.abs(ddx) + Math.abs(ddy) < 3) return;
          gesture.moved = true;
          if (!gesture.g) { panX = gesture.panX + ddx; panY = gesture.panY + ddy; apply(); return; }
          const s = source(+gesture.g.dataset.s);
          if (s.notDraggable) { say("cannot drag: " + s.notDraggable); return; }
          // The move in the coordinates the statement's numbers are in (its parent's).
          const m = gesture.g.parentNode.getScreenCTM().inverse();
          const p0 = new DOMPoint(gesture.x, gesture.y).matrixTransform(m), p1 = new DOMPoint(e.clientX, e.clientY).matrixTransform(m);
          gesture.dx = p1.x - p0.x; gesture.dy = p1.y - p0.y;
          gesture.g.setAttribute("transform", "translate(" + gesture.dx + " " + gesture.dy + ")");
          refreshBoxes();
        });
        window.addEventListener("mouseup", async e => {
          if (!gesture) return;
          const g = gesture; gesture = null;
          if (!g.moved) { select(g.g); return; }
          if (!g.g) return;
          const s = source(+g.g.dataset.s);
          if (s.notDraggable) return;
          const reply = await post("/edit", { version: state.version, source: +g.g.dataset.s, dx: g.dx, dy: g.dy, snap: grid });
          if (!reply.ok) { g.g.removeAttribute("transform"); refreshBoxes(); say(reply.message || "the edit was refused"); }
          else say(reply.changed ? "moved " + where(s) : "");
        });
        viewport.addEventListener("wheel", e => {
          e.preventDefault();
          const r = viewport.getBoundingClientRect(), cx = e.clientX - r.left, cy = e.clientY - r.top;
          const next = Math.min(32, Math.max(0.05, zoom * Math.exp(-e.deltaY * 0.0015)));
          panX = cx - (cx - panX) * next / zoom; panY = cy - (cy - panY) * next / zoom; zoom = next;
          apply();
        }, { passive: false });
        window.addEventListener("keydown", async e => {
          if ((e.ctrlKey || e.metaKey) && (e.key === "z" || e.key === "Z")) {
            e.preventDefault();
            const reply = await post("/undo", {});
            say(reply.ok ? "undone" : reply.message);
            return;
          }
          if (e.ctrlKey || e.metaKey || e.altKey) return;
          if (e.key === "g" || e.key === "G") {
            grid = !grid;
            $("grid").textContent = "grid " + (grid ? "on" : "off") + " (G)";
            document.body.dataset.grid = grid;
          } else if (e.key === "+" || e.key === "=") { zoom = Math.min(32, zoom * 1.25); apply(); }
          else if (e.key === "-") { zoom = Math.max(0.05, zoom / 1.25); apply(); }
          else if (e.key === "0") { zoom = 1; panX = 24; panY = 24; apply(); }
          else if (e.key === "Escape") { select(null); }
        });
        window.addEventListener("resize", refreshBoxes);

        const events = new EventSource("/events?token=" + encodeURIComponent(TOKEN));
        events.addEventListener("state", e => render(JSON.parse(e.data)));
        events.addEventListener("highlight", e => {
          highlighted = JSON.parse(e.data).sources;
          document.body.dataset.highlight = highlighted.join(",");
          refreshBoxes();
        });
        events.onerror = () => { $("status").textContent = "disconnected — is drawc preview still running?"; };
        apply();
        </script>
        </body></html>

        """
    }

    static func escaped(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
