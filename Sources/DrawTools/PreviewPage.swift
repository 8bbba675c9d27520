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
        #bar button, #bar select, #bar input { font: 12px system-ui, sans-serif; }
        #bar button.on { background: #e8710a; color: white; border-color: #e8710a; }
        #tools { display: flex; gap: 6px; align-items: center; }
        #viewport { right: 270px; }
        #inspector { position: fixed; top: 28px; right: 0; width: 270px; bottom: 92px; overflow: auto; background: #f6f6f8;
                     border-left: 1px solid #ccc; padding: 6px 8px; box-sizing: border-box; z-index: 4; }
        #inspector h3 { margin: 4px 0 6px; font-size: 13px; }
        #inspector .row { display: flex; align-items: center; gap: 4px; margin: 2px 0; }
        #inspector .row label { flex: 0 0 92px; overflow: hidden; text-overflow: ellipsis; color: #333; }
        #inspector .row.written label { font-weight: 600; color: #000; }
        #inspector .row input[type=text], #inspector .row select { flex: 1; min-width: 0; }
        #inspector .row input[type=number] { width: 70px; }
        .handle { position: fixed; width: 9px; height: 9px; margin: -5px 0 0 -5px; background: white; border: 1.5px solid #e8710a;
                  box-sizing: border-box; z-index: 6; display: none; }
        body[data-mode=pen] #viewport { cursor: crosshair; touch-action: none; }
        body[data-mode=insert] #viewport, body[data-mode=connect] #viewport { cursor: copy; }
        </style></head>
        <body>
        <div id="bar"><b>drawc preview</b><span id="file"></span><span id="status" class="dim">connecting…</span>
        <span id="grid" class="dim">grid off (G)</span><span id="zoom" class="dim">100%</span>
        <span id="tools"><button id="mode-select" class="on" title="select and drag (V)">Select</button>
        <select id="palette" title="click the page to add one"><option value="">Add…</option>\(SourceEdit.insertableKinds.map { "<option>\($0)</option>" }.joined())</select>
        <button id="mode-connect" title="drag from one node to another (C)">Connect</button>
        <button id="mode-pen" title="draw with a pen, a finger or the mouse (P)">Pen</button>
        <input id="pen-color" type="color" value="#1e3a8a" title="ink colour"><input id="pen-width" type="number" value="2" min="0.25" max="50" step="0.25" style="width:48px" title="ink width (pt)">
        <select id="export-format">\(PreviewServer.exportFormats.map { "<option>\($0.rawValue)</option>" }.joined())</select><button id="export">Export</button></span>
        <span class="dim">Ctrl-Z / Ctrl-Shift-Z · Del · Ctrl-D · arrows</span></div>
        <div id="inspector"><h3>Inspector</h3><div id="inspector-body" class="dim">select a node</div></div>
        <div class="handle" data-h="nw"></div><div class="handle" data-h="n"></div><div class="handle" data-h="ne"></div><div class="handle" data-h="e"></div>
        <div class="handle" data-h="se"></div><div class="handle" data-h="s"></div><div class="handle" data-h="sw"></div><div class="handle" data-h="w"></div>
        <div id="viewport"><div id="stage"><div id="pages"></div></div></div>
        <div id="outline" class="box"></div><div id="sel" class="box"></div><div id="hl" class="box"></div>
        <pre id="errors" hidden></pre>
        <div id="info"><div id="hover">&nbsp;</div><div id="where"></div><pre id="statement"></pre><div id="message"></div></div>
        <script>
        "use strict";
        const TOKEN = \(JSONText.string(token));
        \(script)
        </script>
        </body></html>

        """
    }

    /// The page's script (after `TOKEN`): selection, drag, handles, inspector, palette,
    /// connect, pen, keys, export (docs/preview.md, "The page").
    static let script = """
        const $ = id => document.getElementById(id);
        let state = null, zoom = 1, panX = 24, panY = 24, grid = false;
        let hovered = null, selected = null, highlighted = [], gesture = null;
        // The mode of a press on the page: select (and drag), insert (a palette kind), connect, pen.
        let mode = "select", insertKind = "", selectedKey = null;
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
        /// The statement under a point: the one hit, else the smallest whose box holds the point
        /// (an ellipse without fill is hit only on its outline).
        function statementAt(el, x, y) {
          const hit = statementElement(el);
          if (hit) return hit;
          let best = null, area = Infinity;
          for (const g of document.querySelectorAll("#pages [data-s]")) {
            const r = g.getBoundingClientRect();
            if (x < r.left || x > r.right || y < r.top || y > r.bottom || r.width * r.height >= area) continue;
            const top = statementElement(g);
            if (top !== g) continue;
            best = g; area = r.width * r.height;
          }
          return best;
        }
        function bounds(els) {
          let r = null;
          for (const el of els) {
            const b = el.getBoundingClientRect();
            if (b.width === 0 && b.height === 0) continue;
            r = r ? { left: Math.min(r.left, b.left), top: Math.min(r.top, b.top), right: Math.max(r.right, b.right), bottom: Math.max(r.bottom, b.bottom) }
                  : { left: b.left, top: b.top, right: b.right, bottom: b.bottom };
          }
          return r;
        }
        function place(box, els, r) {
          r = r || bounds(els);
          if (!r) { box.style.display = "none"; return; }
          Object.assign(box.style, { display: "block", left: (r.left - 3) + "px", top: (r.top - 3) + "px",
                                     width: (r.right - r.left + 6) + "px", height: (r.bottom - r.top + 6) + "px" });
        }
        /// The resize handles around the selection (or the box being resized).
        function placeHandles(r) {
          const show = r && mode === "select";
          for (const h of document.querySelectorAll(".handle")) {
            if (!show) { h.style.display = "none"; continue; }
            const d = h.dataset.h;
            const x = d.includes("w") ? r.left : d.includes("e") ? r.right : (r.left + r.right) / 2;
            const y = d.includes("n") ? r.top : d.includes("s") ? r.bottom : (r.top + r.bottom) / 2;
            Object.assign(h.style, { display: "block", left: x + "px", top: y + "px" });
          }
        }
        function refreshBoxes() {
          place($("outline"), hovered && hovered.isConnected ? [hovered] : []);
          const r = gesture && gesture.resize ? gesture.rect : (selected && selected.isConnected ? bounds([selected]) : null);
          place($("sel"), [], r);
          placeHandles(r);
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
            // The statement selected before the edit stays selected (it starts where it did).
            if (selectedKey) {
              const g = [...document.querySelectorAll("#pages [data-s]")].map(statementElement)
                .find(g => { const t = g && source(+g.dataset.s); return t && t.line === selectedKey.line && t.column === selectedKey.column; });
              if (g) select(g, false); else select(null, false);
            }
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
        /// An edit of the file (`op` and its fields); the answer's message is shown when refused.
        async function edit(op, fields, done) {
          // For the speed row: when the page sent its newest edit (Date.now()).
          window.drawcEditSent = Date.now();
          const reply = await post("/edit", Object.assign({ version: state.version, op }, fields));
          say(reply.ok ? (reply.changed ? done : "") : (reply.message || "the edit was refused"));
          return reply;
        }

        function select(g, open = true) {
          selected = g;
          const s = g ? source(+g.dataset.s) : null;
          selectedKey = s ? { line: s.line, column: s.column } : null;
          document.body.dataset.selectedLine = s ? s.line : "";
          $("where").textContent = s ? where(s) + "  " + s.kind + (s.definitions.length ? "  (made by " + s.definitions.join(" → ") + ")" : "") : "";
          $("statement").textContent = s ? s.statement : "";
          if (open) say(s && s.notDraggable ? "cannot drag: " + s.notDraggable : "");
          refreshBoxes();
          inspect(g);
          if (open && s && state.editor) post("/open", { source: +g.dataset.s });
        }

        // MARK: the inspector (the selected statement's properties, from the catalogue)
        function literal(text) { return '"' + text.replace(/\\\\/g, "\\\\\\\\").replace(/"/g, '\\\\"').replace(/\\n/g, "\\\\n") + '"'; }
        function unquoted(text) {
          const m = /^"((?:[^"\\\\]|\\\\.)*)"$/.exec(text || "");
          return m ? m[1].replace(/\\\\n/g, "\\n").replace(/\\\\(.)/g, "$1") : null;
        }
        async function inspect(g) {
          const body = $("inspector-body");
          document.body.dataset.inspected = "";
          if (!g) { body.textContent = "select a node"; body.className = "dim"; return; }
          const id = +g.dataset.s;
          const r = await fetch("/inspect?token=" + encodeURIComponent(TOKEN) + "&source=" + id);
          const info = await r.json();
          if (selected !== g) return;
          body.className = "";
          body.textContent = "";
          if (!info.ok) { body.textContent = info.message; return; }
          const row = (name, written) => {
            const div = document.createElement("div");
            div.className = "row" + (written ? " written" : "");
            const label = document.createElement("label");
            label.textContent = name; label.title = name;
            div.appendChild(label);
            body.appendChild(div);
            return div;
          };
          const set = (property, value) => edit("set", { source: id, property, value }, "set " + property + ": " + value);
          if (info.labelEditable) {
            const div = row(info.kind === "text" ? "text" : "label", info.label !== null);
            const input = document.createElement("input");
            input.type = "text"; input.value = info.label || ""; input.dataset.property = "(text)";
            input.addEventListener("change", () => edit("text", { source: id, text: input.value }, "text changed"));
            div.appendChild(input);
          }
          const props = info.properties.slice().sort((a, b) => (b.written !== null) - (a.written !== null));
          for (const p of props) {
            const div = row(p.name, p.written !== null);
            div.title = p.name + " — default " + p.default;
            const shown = p.written !== null ? p.written : "";
            if (p.control === "color") {
              const picker = document.createElement("input");
              picker.type = "color"; picker.dataset.property = p.name;
              if (/^#[0-9a-fA-F]{6}$/.test(shown)) picker.value = shown;
              const text = document.createElement("input");
              text.type = "text"; text.value = shown; text.placeholder = p.default; text.dataset.source = p.name;
              picker.addEventListener("change", () => set(p.name, picker.value));
              text.addEventListener("change", () => set(p.name, text.value));
              div.append(picker, text);
            } else if (p.control === "length") {
              const m = /^(-?[0-9.]+)(pt|mm|cm|in|px)?$/.exec(shown);
              const number = document.createElement("input");
              number.type = "number"; number.step = "any"; number.dataset.property = p.name;
              number.value = m ? m[1] : "";
              const unit = document.createElement("select");
              for (const u of ["", "pt", "mm", "cm", "in", "px"]) { const o = document.createElement("option"); o.value = u; o.textContent = u || "(pt)"; unit.appendChild(o); }
              unit.value = m && m[2] ? m[2] : "";
              const send = () => { if (number.value !== "") set(p.name, number.value + unit.value); };
              number.addEventListener("change", send); unit.addEventListener("change", send);
              div.append(number, unit);
              if (shown && !m) { number.disabled = true; unit.disabled = true; number.title = shown; }
            } else if (p.control === "bool") {
              const box = document.createElement("input");
              box.type = "checkbox"; box.dataset.property = p.name;
              box.checked = shown ? shown === "true" : p.default === "true";
              box.addEventListener("change", () => set(p.name, box.checked ? "true" : "false"));
              div.appendChild(box);
            } else if (p.control === "word" && p.words.length) {
              const choice = document.createElement("select");
              choice.dataset.property = p.name;
              for (const w of [""].concat(p.words)) { const o = document.createElement("option"); o.value = w; o.textContent = w || "(" + p.default + ")"; choice.appendChild(o); }
              choice.value = p.words.includes(shown) ? shown : "";
              choice.addEventListener("change", () => { if (choice.value) set(p.name, choice.value); });
              div.appendChild(choice);
            } else {
              const text = document.createElement("input");
              text.type = "text"; text.dataset.property = p.name; text.placeholder = p.default;
              text.value = p.control === "text" && unquoted(shown) !== null ? unquoted(shown) : shown;
              text.addEventListener("change", () => set(p.name, p.control === "text" ? literal(text.value) : text.value));
              div.appendChild(text);
            }
          }
          document.body.dataset.inspected = id;
        }

        // MARK: modes
        function setMode(next, kind) {
          mode = next; insertKind = kind || "";
          document.body.dataset.mode = mode;
          for (const [name, button] of [["select", "mode-select"], ["connect", "mode-connect"], ["pen", "mode-pen"]]) $(button).classList.toggle("on", mode === name);
          if (mode !== "insert") $("palette").value = "";
          refreshBoxes();
        }
        $("mode-select").addEventListener("click", () => setMode("select"));
        $("mode-connect").addEventListener("click", () => setMode("connect"));
        $("mode-pen").addEventListener("click", () => setMode("pen"));
        $("palette").addEventListener("change", () => { if ($("palette").value) setMode("insert", $("palette").value); else setMode("select"); });
        $("export").addEventListener("click", () => {
          const s = selected ? selected.closest(".page") : null;
          const page = s ? s.dataset.page : 1;
          const a = document.createElement("a");
          a.href = "/export?format=" + $("export-format").value + "&page=" + page + "&token=" + encodeURIComponent(TOKEN);
          a.download = "";
          document.body.appendChild(a); a.click(); a.remove();
        });

        /// The page under a point and the point in its coordinates (page points).
        function pagePoint(el, x, y) {
          const page = el && el.closest ? el.closest(".page") : null;
          const svg = page ? page.querySelector("svg") : null;
          if (!svg) return null;
          const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM().inverse());
          return { page: +page.dataset.page, svg, x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100 };
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
        viewport.addEventListener("mousedown", async e => {
          if (e.button !== 0 || mode === "pen") return;
          e.preventDefault();
          if (mode === "insert") {
            const at = pagePoint(e.target, e.clientX, e.clientY);
            if (!at) { say("click on a page to add a " + insertKind); return; }
            const kind = insertKind;
            setMode("select");
            await edit("insert", { kind, at: [at.x, at.y], page: at.page }, "added a " + kind);
            return;
          }
          const g = statementAt(e.target, e.clientX, e.clientY);
          if (mode === "connect") { if (g) gesture = { connect: g }; return; }
          gesture = { g, x: e.clientX, y: e.clientY, moved: false, panX, panY, dx: 0, dy: 0 };
        });
        for (const h of document.querySelectorAll(".handle")) {
          h.addEventListener("mousedown", e => {
            if (e.button !== 0 || !selected) return;
            e.preventDefault(); e.stopPropagation();
            const r = bounds([selected]), b = selected.getBBox();
            gesture = { resize: h.dataset.h, g: selected, x: e.clientX, y: e.clientY, start: r, rect: Object.assign({}, r), bbox: b };
          });
        }
        window.addEventListener("mousemove", e => {
          if (!gesture || gesture.connect) return;
          const ddx = e.clientX - gesture.x, ddy = e.clientY - gesture.y;
          if (gesture.resize) {
            const d = gesture.resize, s0 = gesture.start, r = Object.assign({}, s0);
            if (d.includes("w")) r.left = Math.min(s0.right - 1, s0.left + ddx);
            if (d.includes("e")) r.right = Math.max(s0.left + 1, s0.right + ddx);
            if (d.includes("n")) r.top = Math.min(s0.bottom - 1, s0.top + ddy);
            if (d.includes("s")) r.bottom = Math.max(s0.top + 1, s0.bottom + ddy);
            if (e.shiftKey) {
              // Shift keeps the ratio: the larger change wins; the opposite corner (or side) stays.
              const w0 = s0.right - s0.left, h0 = s0.bottom - s0.top;
              let k = Math.max((r.right - r.left) / w0, (r.bottom - r.top) / h0);
              if (d === "n" || d === "s") k = (r.bottom - r.top) / h0;
              if (d === "e" || d === "w") k = (r.right - r.left) / w0;
              const w = w0 * k, hh = h0 * k;
              if (d.includes("w")) r.left = r.right - w; else r.right = r.left + w;
              if (d.includes("n")) r.top = r.bottom - hh; else r.bottom = r.top + hh;
            }
            gesture.rect = r; gesture.moved = true; gesture.ratio = e.shiftKey;
            refreshBoxes();
            return;
          }
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
          if (g.connect) {
            const under = document.elementFromPoint(e.clientX, e.clientY);
            const to = statementAt(under, e.clientX, e.clientY);
            const at = to ? null : pagePoint(under, e.clientX, e.clientY);
            if (!to && at) {
              // Empty paper: a new node there, of the start's kind when the palette has it, connected.
              const kinds = Array.from($("palette").options, o => o.value), s = source(+g.connect.dataset.s);
              const kind = kinds.includes(s.kind) ? s.kind : "rect";
              await edit("insert", { kind, at: [at.x, at.y], page: at.page, from: +g.connect.dataset.s }, "added and connected a " + kind);
              return;
            }
            if (!to || to === g.connect) { say("connect: drag from one node to another, or to empty paper for a new one"); return; }
            await edit("connect", { from: +g.connect.dataset.s, to: +to.dataset.s }, "connected");
            return;
          }
          if (g.resize) {
            refreshBoxes();
            if (!g.moved) return;
            // The change of the outline in screen pixels, in the statement's own units.
            const ctm = g.g.parentNode.getScreenCTM();
            let width = g.bbox.width + ((g.rect.right - g.rect.left) - (g.start.right - g.start.left)) / Math.hypot(ctm.a, ctm.b);
            let height = g.bbox.height + ((g.rect.bottom - g.rect.top) - (g.start.bottom - g.start.top)) / Math.hypot(ctm.c, ctm.d);
            if (g.ratio && g.bbox.width > 0 && g.bbox.height > 0) {
              const k = Math.max(width / g.bbox.width, height / g.bbox.height);
              width = g.bbox.width * k; height = g.bbox.height * k;
            }
            await edit("resize", { source: +g.g.dataset.s, width: Math.round(width * 100) / 100, height: Math.round(height * 100) / 100 }, "resized");
            return;
          }
          if (!g.moved) { select(g.g); return; }
          if (!g.g) return;
          const s = source(+g.g.dataset.s);
          if (s.notDraggable) return;
          const reply = await post("/edit", { version: state.version, source: +g.g.dataset.s, dx: g.dx, dy: g.dy, snap: grid });
          if (!reply.ok) { g.g.removeAttribute("transform"); refreshBoxes(); say(reply.message || "the edit was refused"); }
          else say(reply.changed ? "moved " + where(s) : "");
        });

        // MARK: the pen (Pointer Events: mouse, touch, or a stylus with pressure)
        let ink = null;
        viewport.addEventListener("pointerdown", e => {
          if (mode !== "pen" || (e.pointerType === "mouse" && e.button !== 0)) return;
          const at = pagePoint(e.target, e.clientX, e.clientY);
          if (!at) return;
          e.preventDefault();
          viewport.setPointerCapture(e.pointerId);
          const line = document.createElementNS("http://www.w3.org/2000/svg", "polyline");
          line.setAttribute("fill", "none"); line.setAttribute("stroke", $("pen-color").value);
          line.setAttribute("stroke-width", $("pen-width").value); line.setAttribute("stroke-linecap", "round"); line.setAttribute("stroke-linejoin", "round");
          line.setAttribute("id", "live-ink");
          at.svg.appendChild(line);
          ink = { id: e.pointerId, page: at.page, svg: at.svg, line, points: [], pressure: e.pointerType !== "mouse" };
          addInk(e);
        });
        function addInk(e) {
          const m = ink.svg.getScreenCTM().inverse();
          const events = e.getCoalescedEvents ? e.getCoalescedEvents() : [];
          for (const ev of events.length ? events : [e]) {
            const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m);
            const point = [Math.round(p.x * 100) / 100, Math.round(p.y * 100) / 100];
            if (ink.pressure) point.push(Math.round(Math.min(1, Math.max(0, ev.pressure)) * 1000) / 1000);
            const last = ink.points[ink.points.length - 1];
            if (last && last[0] === point[0] && last[1] === point[1]) continue;
            ink.points.push(point);
          }
          ink.line.setAttribute("points", ink.points.map(p => p[0] + "," + p[1]).join(" "));
        }
        viewport.addEventListener("pointermove", e => { if (ink && e.pointerId === ink.id) addInk(e); });
        async function endInk(e) {
          if (!ink || e.pointerId !== ink.id) return;
          const stroke = ink; ink = null;
          document.body.dataset.inkPoints = stroke.points.length;
          await edit("ink", { points: stroke.points, color: $("pen-color").value, width: +$("pen-width").value, page: stroke.page }, "inked " + stroke.points.length + " points");
          stroke.line.remove();
        }
        viewport.addEventListener("pointerup", endInk);
        viewport.addEventListener("pointercancel", endInk);

        viewport.addEventListener("wheel", e => {
          e.preventDefault();
          const r = viewport.getBoundingClientRect(), cx = e.clientX - r.left, cy = e.clientY - r.top;
          const next = Math.min(32, Math.max(0.05, zoom * Math.exp(-e.deltaY * 0.0015)));
          panX = cx - (cx - panX) * next / zoom; panY = cy - (cy - panY) * next / zoom; zoom = next;
          apply();
        }, { passive: false });
        window.addEventListener("keydown", async e => {
          const typing = e.target && (e.target.tagName === "INPUT" || e.target.tagName === "SELECT" || e.target.tagName === "TEXTAREA");
          if ((e.ctrlKey || e.metaKey) && (e.key === "z" || e.key === "Z" || e.key === "y")) {
            if (typing) return;
            e.preventDefault();
            const redo = e.key === "y" || e.shiftKey;
            const reply = await post(redo ? "/redo" : "/undo", {});
            say(reply.ok ? (redo ? "redone" : "undone") : reply.message);
            return;
          }
          if (typing) return;
          const s = selected ? source(+selected.dataset.s) : null;
          if ((e.ctrlKey || e.metaKey) && (e.key === "d" || e.key === "D")) {
            e.preventDefault();
            if (s) {
              const b = selected.getBBox();
              await edit("duplicate", { source: +selected.dataset.s, dx: Math.round((b.width + 10) * 100) / 100, dy: 0 }, "duplicated " + where(s));
            }
            return;
          }
          if (e.ctrlKey || e.metaKey || e.altKey) return;
          const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
          if (arrows[e.key] && s) {
            e.preventDefault();
            const step = e.shiftKey ? 10 : 1;
            await edit("move", { source: +selected.dataset.s, dx: arrows[e.key][0] * step, dy: arrows[e.key][1] * step, snap: false }, "moved " + where(s));
          } else if ((e.key === "Delete" || e.key === "Backspace") && s) {
            e.preventDefault();
            selectedKey = null;
            await edit("delete", { source: +selected.dataset.s }, "deleted " + where(s));
          } else if (e.key === "g" || e.key === "G") {
            grid = !grid;
            $("grid").textContent = "grid " + (grid ? "on" : "off") + " (G)";
            document.body.dataset.grid = grid;
          } else if (e.key === "v" || e.key === "V") { setMode("select"); }
          else if (e.key === "c" || e.key === "C") { setMode("connect"); }
          else if (e.key === "p" || e.key === "P") { setMode("pen"); }
          else if (e.key === "+" || e.key === "=") { zoom = Math.min(32, zoom * 1.25); apply(); }
          else if (e.key === "-") { zoom = Math.max(0.05, zoom / 1.25); apply(); }
          else if (e.key === "0") { zoom = 1; panX = 24; panY = 24; apply(); }
          else if (e.key === "Escape") { setMode("select"); select(null); }
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
        setMode("select");
        apply();
        """

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
