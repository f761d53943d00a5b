"use strict";
// The record viewer: steps through the frames written by oracle/viewer/page.py.  Everything a
// record holds is put on the page as text (textContent), never as markup.  The sheets are the
// drawings of oracle/formats/drawing.py, rebuilt element by element from a short list of SVG elements
// and attributes (a page opened from a file is read the same way), so no drawing can run code
// or load anything.  A page served by the checking service (its clever-oracle-view meta
// element) sends a record or a position it is given to that service's view, and reads the page
// it answers with as it reads a page opened from a file.
(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const DIE_COLOURS = {
    W: ["#ffffff", "#1a1a1a"], Y: ["#f6d23b", "#1a1a1a"], T: ["#3cc4c4", "#1a1a1a"],
    B: ["#2f64b5", "#ffffff"], Br: ["#8a5a2b", "#ffffff"], P: ["#e76fa8", "#1a1a1a"],
    Gy: ["#9a9a9a", "#1a1a1a"], Gn: ["#4caf50", "#1a1a1a"],
  };
  const FIELDS = ["I", "II", "III", "IV", "V", "VI"];
  const ELEMENTS = new Set(["svg", "g", "rect", "text", "tspan", "line", "path", "circle",
    "polygon", "title", "desc"]);
  const ATTRIBUTES = new Set(["width", "height", "viewBox", "role", "font-family", "font-size",
    "font-weight", "text-anchor", "fill", "stroke", "stroke-width", "stroke-dasharray",
    "stroke-linecap", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx",
    "d", "points", "textLength", "lengthAdjust", "class", "data-cell", "data-at",
    "data-label", "data-round"]);
  const BIGGEST_FIT = 1.6;

  let data = null;
  let frames = [];
  let last = 0;
  let verdict = null;
  let refused = null;
  let current = 0;
  let built = new Map();

  function $(id) { return document.getElementById(id); }

  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
    return node;
  }

  // --- the drawings -----------------------------------------------------------------------

  function copy(from) {
    // A copy of a parsed SVG element holding only the elements and attributes drawn here.
    const name = from.localName;
    if (from.namespaceURI !== SVG || !ELEMENTS.has(name)) return null;
    const to = document.createElementNS(SVG, name);
    for (const attribute of Array.from(from.attributes)) {
      if (ATTRIBUTES.has(attribute.name)) to.setAttribute(attribute.name, attribute.value);
    }
    for (const child of Array.from(from.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) {
        to.appendChild(document.createTextNode(child.nodeValue));
      } else if (child.nodeType === Node.ELEMENT_NODE) {
        const kept = copy(child);
        if (kept) to.appendChild(kept);
      }
    }
    return to;
  }

  function drawing(index) {
    if (!built.has(index)) {
      const parts = [];
      for (const [start, length] of data.drawings[index]) {
        for (let i = start; i < start + length; i++) parts.push(data.fragments[i]);
      }
      const parsed = new DOMParser().parseFromString(parts.join(""), "image/svg+xml");
      const root = parsed.documentElement;
      const svg = root && root.localName === "svg" ? copy(root) : null;
      built.set(index, svg || document.createElementNS(SVG, "svg"));
    }
    return built.get(index).cloneNode(true);
  }

  function cells(svg) {
    const found = new Map();
    for (const node of svg.querySelectorAll("[data-cell]")) found.set(node.dataset.cell, node);
    return found;
  }

  function markRounds(svg, frame) {
    for (const node of svg.querySelectorAll("[data-round]")) {
      const round = Number(node.dataset.round);
      node.classList.toggle("now", round === frame.round && frame.to_move !== "nobody");
      node.classList.toggle("unplayed", round > frame.rounds);
    }
  }

  // --- words ------------------------------------------------------------------------------

  function label(player) {
    // A position names no players: "p1".
    const name = data.players[player];
    return "p" + (player + 1) + (name ? " (" + name + ")" : "");
  }

  function stepLabel(index) {
    const text = data.steps[index];
    const match = /^p(\d+): (.*)$/.exec(text);
    return match ? label(Number(match[1]) - 1) + ": " + match[2] : text;
  }

  function status(frame) {
    const round = "Round " + frame.round + " of " + frame.rounds + " \u2014 ";
    if (frame.to_move === "nobody") return round + "the game is over";
    if (frame.to_move === "dice") return round + "the dice are to be rolled";
    return round + label(Number(frame.to_move.slice(1)) - 1) + " to move";
  }

  function placeName(place, frame) {
    // Dice in the cup are rolled when a player is to choose; when the dice are to be rolled
    // (or at the end) the faces they show are old ones (the position notation calls both cup).
    if (place === "platter") return "silver platter";
    if (place !== "cup") return "die field " + place;
    return /^p\d+$/.test(frame.to_move) ? "rolled" : "in the cup";
  }

  function verdictText() {
    if (data.kind === "position") {
      return "POSITION \u2014 " + (frames[0].to_move === "nobody" ? "the game is over" :
        "its sheets, the dice and the legal moves; no steps");
    }
    if (verdict.status === "legal-so-far") {
      return "GAME IN PROGRESS \u2014 all " + verdict.steps + " steps so far are legal";
    }
    const where = refused !== null ? " at step " + refused + " of " + verdict.steps : "";
    const rule = verdict.rule ? " \u2014 rule " + verdict.rule + ": " + verdict.reason : "";
    return verdict.status.toUpperCase().replace(/-/g, " ") + where + rule;
  }

  // --- one frame --------------------------------------------------------------------------

  function showDice(frame) {
    const box = clear($("dice"));
    if (frame.dice.length === 0) {
      box.appendChild(el("p", "dice: " + frame.dice_text));
      return;
    }
    const places = [];
    for (const die of frame.dice) if (!places.includes(die.place)) places.push(die.place);
    const rank = (p) => (p === "cup" ? -1 : p === "platter" ? 99 : FIELDS.indexOf(p));
    places.sort((a, b) => rank(a) - rank(b));
    for (const place of places) {
      const here = frame.dice.filter((d) => d.place === place);
      const group = el("div", null, "place");
      group.appendChild(el("span", placeName(place, frame), "label"));
      const stale = place === "cup" && !/^p\d+$/.test(frame.to_move);
      for (const die of here) {
        const shown = die.value === null || stale ? "\u00b7" : String(die.value);
        const chip = el("span", shown, "die");
        const [fill, ink] = DIE_COLOURS[die.code] || ["#dddddd", "#1a1a1a"];
        chip.style.background = fill;
        chip.style.color = ink;
        chip.title = die.code + (shown === "\u00b7" ? " (to be rolled)" : " " + die.value);
        chip.dataset.die = die.code;
        group.appendChild(chip);
      }
      box.appendChild(group);
    }
  }

  function showStep(k) {
    const before = clear($("last-step"));
    if (k > 0) {
      before.appendChild(el("span", "Last: step " + k + " \u2014 "));
      before.appendChild(el("span", stepLabel(k - 1), "move-text"));
    }
    const line = clear($("next-step"));
    const box = clear($("refusal"));
    box.hidden = true;
    if (k < data.steps.length) {
      const isRefused = refused !== null && k + 1 === refused;
      line.appendChild(el("span", (isRefused ? "Refused: step " : "Next: step ") + (k + 1) +
        " of " + data.steps.length + " \u2014 "));
      line.appendChild(el("span", stepLabel(k), "move-text"));
    } else if (data.kind === "position") {
      line.appendChild(el("span", "A position: no steps to step through"));
    } else {
      line.appendChild(el("span", "After the last step (" + data.steps.length + " steps)" +
        (verdict.status === "legal-so-far" ? "; the game goes on" : "")));
    }
    if (k !== last || ["legal", "legal-so-far"].includes(verdict.status)) return;
    box.hidden = false;
    box.className = "refusal " + verdict.status;
    const head = el("p");
    head.appendChild(el("span", "rule " + verdict.rule, "rule"));
    head.appendChild(el("span", ": " + verdict.reason));
    box.appendChild(head);
    if (refused !== null && verdict.legal.length) {
      box.appendChild(el("p", "legal instead (" + verdict.legal.length + "): " +
        verdict.legal.slice(0, 12).join(", ") + (verdict.legal.length > 12 ? ", \u2026" : "")));
    }
  }

  function moverSheet() {
    const frame = frames[current];
    if (!/^p\d+$/.test(frame.to_move)) return null;
    return document.querySelector('#sheets [data-player="' +
      (Number(frame.to_move.slice(1)) - 1) + '"] svg');
  }

  function preview(index, on) {
    const svg = moverSheet();
    if (!svg) return;
    for (const node of svg.querySelectorAll("g.would")) node.classList.remove("would");
    if (!on) return;
    const found = cells(svg);
    let first = null;
    for (const ident of (frames[current].would || [])[index] || []) {
      const node = found.get(ident);
      if (node) node.classList.add("would");
      first = first || node;
    }
    // Beside the sheets (a wide screen, the list stays in view), bring the place into view.
    if (first && on === "focus" && window.matchMedia("(min-width: 1000px)").matches) {
      first.scrollIntoView({ block: "nearest" });
    }
  }

  function showLegal(frame) {
    const list = clear($("legal"));
    const title = $("legal-title");
    if (frame.to_move === "dice") {
      title.textContent = "Legal moves: a roll of the dice " +
        (frame.dice.some((d) => d.place === "cup") ? "in the cup" : "");
    } else if (frame.to_move === "nobody") {
      title.textContent = "Legal moves: none (the game is over)";
    } else {
      title.textContent = "Legal moves (" + frame.legal.length + ")";
    }
    list.hidden = frame.legal.length === 0;
    $("legal-hint").hidden = list.hidden;
    frame.legal.forEach((move, i) => {
      const item = el("li", move);
      item.tabIndex = i === 0 ? 0 : -1;
      item.addEventListener("mouseenter", () => preview(i, true));
      item.addEventListener("mouseleave", () => preview(i, false));
      item.addEventListener("focus", () => preview(i, "focus"));
      item.addEventListener("blur", () => preview(i, false));
      list.appendChild(item);
    });
  }

  function showScores(k, frame) {
    const box = clear($("scores"));
    if (k !== last || !verdict.scores || verdict.scores.length === 0) return;
    box.appendChild(el("h2", frame.to_move === "nobody" ? "Final scores" : "Scores so far"));
    const table = el("table");
    const head = el("tr");
    head.appendChild(el("th", ""));
    verdict.scores.forEach((score, player) => {
      const won = data.winners.includes(player) ? " \u2605 winner" : "";
      head.appendChild(el("th", label(player) + won));
    });
    table.appendChild(head);
    for (const name of Object.keys(verdict.scores[0])) {
      const row = el("tr");
      row.appendChild(el("th", name.replace(/_/g, " ")));
      for (const score of verdict.scores) row.appendChild(el("td", String(score[name])));
      table.appendChild(row);
    }
    box.appendChild(table);
    if (data.solo_rating) box.appendChild(el("p", "solo rating: " + data.solo_rating));
  }

  function showSheets(k, frame) {
    const box = clear($("sheets"));
    frame.sheets.forEach((index, player) => {
      const figure = el("figure", null, "sheet");
      figure.dataset.player = String(player);
      if (frame.to_move === "p" + (player + 1)) figure.classList.add("mover");
      const svg = drawing(index);
      markRounds(svg, frame);
      const found = cells(svg);
      for (const ident of (frame.last || [])[player] || []) {
        const node = found.get(ident);
        if (node) node.classList.add("last");
      }
      const moving = frame.to_move === "p" + (player + 1);
      figure.appendChild(el("figcaption", label(player) + (moving ? " \u2014 to move" : "")));
      figure.appendChild(svg);
      box.appendChild(figure);
    });
  }

  function showSteps(k, focus) {
    const items = $("steps").children;
    for (let i = 0; i < items.length; i++) {
      items[i].classList.toggle("current", i + 1 === k);
      items[i].tabIndex = i === Math.max(0, k - 1) ? 0 : -1;
      if (i + 1 === k) items[i].setAttribute("aria-current", "step");
      else items[i].removeAttribute("aria-current");
    }
    const item = items[Math.max(0, k - 1)];
    if (item) {
      const list = $("steps");
      const top = item.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = top - list.clientHeight / 2;
      }
      if (focus) item.focus();
    }
  }

  function setHash(k) {
    const hash = "#step=" + k;
    if (location.hash === hash) return;
    try {
      history.replaceState(null, "", hash);
    } catch (error) {
      location.replace(hash);
    }
  }

  function show(k, how) {
    current = Math.max(0, Math.min(last, k));
    const frame = frames[current];
    $("frame-label").textContent = data.kind === "position" ? "a position (no steps)" :
      "step " + current + " of " + data.steps.length +
      (current === last && refused !== null ? " (step " + refused + " refused)" : "");
    $("slider").value = String(current);
    $("status").textContent = status(frame);
    $("position").textContent = frame.position;
    showStep(current);
    showDice(frame);
    showLegal(frame);
    showScores(current, frame);
    showSheets(current, frame);
    showSteps(current, how === "steps");
    $("prev").disabled = current === 0;
    $("first").disabled = current === 0;
    $("next").disabled = current === last;
    $("last").disabled = current === last;
    if (how !== "load") {
      $("said").textContent = (current > 0 ? "Step " + current + ": " +
        stepLabel(current - 1) + ". " : "The start. ") + status(frame) + ".";
    }
    setHash(current);
    document.body.dataset.frame = String(current);
  }

  // --- a record -----------------------------------------------------------------------------

  function zoom() {
    // "fit": two sheets side by side (one for a solo game) as large as the board allows, never
    // below 100% (the drawings' smallest text then stays at least 11 CSS pixels).
    let chosen = Number($("zoom").value);
    if ($("zoom").value === "fit") {
      const room = $("board").clientWidth;
      const side = Math.min(2, data.players.length);
      const widest = (room - (side - 1) * 12) / side - 8;
      chosen = Math.max(1, Math.min(BIGGEST_FIT, Math.floor(widest / 400 * 20) / 20));
    }
    $("sheets").style.setProperty("--zoom", String(chosen));
  }

  function fromHash() {
    const match = /^#step=(\d+)$/.exec(location.hash);
    return match ? Number(match[1]) : null;
  }

  function load(given, start) {
    data = given;
    frames = data.frames;
    last = frames.length - 1;
    verdict = data.verdict;
    refused = verdict.status === "illegal" && verdict.step !== null ? verdict.step : null;
    built = new Map();
    $("title").textContent = data.title + " \u2014 " + data.name + " (" + data.players.length +
      (data.players.length === 1 ? " player)" : " players)");
    document.title = data.title + ": " + data.name;
    const head = $("verdict");
    head.textContent = verdictText();
    head.className = "verdict " + verdict.status;
    const list = clear($("steps"));
    data.steps.forEach((text, i) => {
      const item = el("li", stepLabel(i));
      item.tabIndex = -1;
      if (refused !== null && i + 1 === refused) {
        item.className = "refused";
        item.addEventListener("click", () => show(last, "steps"));
      } else if (i + 1 > last) {
        item.className = "unplayed";
      } else {
        item.addEventListener("click", () => show(i + 1, "steps"));
      }
      list.appendChild(item);
    });
    $("slider").max = String(last);
    zoom();
    show(start === null ? data.start : start, "load");
    document.body.dataset.name = data.name;
  }

  function check(given) {
    // A page's data must have the shape oracle/viewer/page.py writes (a page opened from a
    // file may hold anything).
    const texts = (list) => Array.isArray(list) && list.every((t) => typeof t === "string");
    const ok = given && typeof given === "object" && given.viewer === 1 &&
      typeof given.title === "string" && typeof given.name === "string" &&
      (given.kind === undefined || given.kind === "record" || given.kind === "position") &&
      texts(given.players) && given.players.length > 0 && texts(given.steps) &&
      texts(given.fragments) && Array.isArray(given.drawings) &&
      Array.isArray(given.winners) && Number.isInteger(given.start) &&
      given.verdict && typeof given.verdict === "object" &&
      typeof given.verdict.status === "string" && Array.isArray(given.verdict.legal) &&
      Array.isArray(given.frames) && given.frames.length > 0 &&
      given.frames.every((f) => f && typeof f.to_move === "string" &&
        typeof f.position === "string" && texts(f.legal) && Array.isArray(f.dice) &&
        Array.isArray(f.totals) && Array.isArray(f.sheets) &&
        f.sheets.length === given.players.length &&
        f.sheets.every((i) => Number.isInteger(i) && i >= 0 && i < given.drawings.length));
    if (!ok) throw new Error("it is not the data of a viewer page");
    return given;
  }

  const POSITION = /^clever-[a-z0-9-]+ /;

  function readPage(text) {
    const page = new DOMParser().parseFromString(text, "text/html");
    const node = page.getElementById("record-data");
    if (!node) throw new Error("it is HTML, but not a page of the record viewer");
    return check(JSON.parse(node.textContent));
  }

  function read(text) {
    // What a page without a service can show: another page, or its data.
    const trimmed = text.trim();
    if (trimmed.startsWith("<")) return readPage(trimmed);
    if (POSITION.test(trimmed)) {
      throw new Error("it is a position: the page holds no rules to work out its legal " +
        "moves; look at it with clever-oracle show 'POSITION' or legal 'POSITION', or in " +
        "the page the service serves (GET /view)");
    }
    let parsed;
    try {
      parsed = JSON.parse(trimmed);
    } catch (error) {
      throw new Error("it is neither a viewer page nor JSON");
    }
    if (parsed && typeof parsed === "object" && "steps" in parsed && !("frames" in parsed)) {
      throw new Error("it is a game record: the page holds no rules to judge it; write its " +
        "page with clever-oracle show --html RECORD --out game.html (--partial for a game " +
        "in progress) or POST it to /view, then open that page here");
    }
    return check(parsed);
  }

  function service() {
    // Where a served page sends what it cannot show itself (null: a page from a file).
    const meta = document.querySelector('meta[name="clever-oracle-view"]');
    return meta && /^https?:$/.test(location.protocol) ? meta.content : null;
  }

  function request(text) {
    // What a served page sends to its service (null: a page, or a page's data, read here): a
    // position as {"position"}; anything else as a record, which the service judges (a game in
    // progress shown as one) or refuses, saying what is wrong and where.
    const trimmed = text.trim();
    if (trimmed.startsWith("<")) return null;
    if (POSITION.test(trimmed)) return { query: "", body: JSON.stringify({ position: trimmed }) };
    try {
      const parsed = JSON.parse(trimmed);
      if (parsed && typeof parsed === "object" && "frames" in parsed) return null;
    } catch (error) {
      // not JSON: the service says where
    }
    return { query: "?partial=true", body: text };
  }

  async function ask(where, sent) {
    let answer;
    let text;
    try {
      answer = await fetch(where + sent.query, {
        method: "POST", body: sent.body, headers: { "content-type": "application/json" },
        credentials: "same-origin", cache: "no-store", redirect: "error" });
      text = await answer.text();
    } catch (error) {
      throw new Error("the service that served this page did not answer");
    }
    if (!answer.ok) {
      let problem = null;
      try {
        problem = JSON.parse(text);
      } catch (error) {
        // not the service's error object
      }
      const said = problem && typeof problem.error === "string" ? problem.error :
        "it answered " + answer.status;
      throw new Error(said.replace(/\s+/g, " "));
    }
    if (!(answer.headers.get("content-type") || "").startsWith("text/html")) {
      throw new Error("the service did not answer with a page");
    }
    return readPage(text);
  }

  async function open(text, what, name) {
    // "what" is said in the message; "name" (null for a pasted text) names a game the service
    // answers with (its answer calls it "posted record").
    const message = $("open-message");
    const shown = data;
    const at = current;
    try {
      let given;
      try {
        const where = service();
        const sent = where ? request(text) : null;
        if (sent) {
          message.className = "open-message";
          message.textContent = "Sending " + what + " to the service that served this page\u2026";
          given = await ask(where, sent);
          given.name = name || (given.kind === "position" ? "pasted position" : "pasted record");
        } else {
          given = read(text);
        }
        load(given, null);
      } catch (error) {
        if (given) load(shown, at);  // what could not be shown in full: back to the page before
        throw error;
      }
      message.className = "open-message";
      message.textContent = "Showing " + what + ".";
      document.body.dataset.opened = String(Number(document.body.dataset.opened || 0) + 1);
    } catch (error) {
      message.className = "open-message bad";
      message.textContent = "Cannot show " + what + ": " + error.message + ".";
    }
  }

  // --- controls -----------------------------------------------------------------------------

  function listKeys(list, onMove) {
    // Up and Down move within a list (one Tab stop); Home and End go to its ends.
    list.addEventListener("keydown", (event) => {
      const items = Array.from(list.children);
      const at = items.indexOf(document.activeElement);
      if (at < 0) return;
      const to = { ArrowUp: at - 1, ArrowDown: at + 1, Home: 0, End: items.length - 1 }[event.key];
      if (to === undefined) {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          items[at].click();
        }
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      const next = items[Math.max(0, Math.min(items.length - 1, to))];
      onMove(next, items.indexOf(next));
    });
  }

  function setUp() {
    const slider = $("slider");
    slider.addEventListener("input", () => show(Number(slider.value)));
    $("first").addEventListener("click", () => show(0));
    $("prev").addEventListener("click", () => show(current - 1));
    $("next").addEventListener("click", () => show(current + 1));
    $("last").addEventListener("click", () => show(last));
    $("zoom").addEventListener("change", zoom);
    listKeys($("steps"), (item, index) => {
      if (item.classList.contains("unplayed")) return;
      show(item.classList.contains("refused") ? last : index + 1, "steps");
    });
    listKeys($("legal"), (item) => {
      for (const other of $("legal").children) other.tabIndex = -1;
      item.tabIndex = 0;
      item.focus();
    });
    document.addEventListener("keydown", (event) => {
      const target = event.target;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (target.closest && target.closest("input, select, textarea")) return;
      const moves = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last };
      if (event.key in moves) {
        event.preventDefault();
        show(moves[event.key]);
      }
    });
    window.addEventListener("hashchange", () => {
      const step = fromHash();
      if (step !== null && step !== current) show(step);
    });
    window.addEventListener("resize", zoom);
    $("file").addEventListener("change", () => {
      const file = $("file").files[0];
      if (!file) return;
      const reader = new FileReader();
      reader.onload = () => open(String(reader.result), file.name, file.name);
      reader.onerror = () => open("", file.name, file.name);
      reader.readAsText(file);
    });
    $("show-pasted").addEventListener("click", () => open($("paste").value,
      service() ? "what is pasted" : "the pasted page", null));
    if (service()) {
      $("open-hint").textContent = "A record file (JSON), a position (position notation) or a " +
        "page of the record viewer, as a file or pasted. A record or a position is sent to " +
        "the service that served this page, which judges it; a page is read here.";
    }
  }

  setUp();
  load(check(JSON.parse($("record-data").textContent)), fromHash());
})();
