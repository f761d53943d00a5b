"use strict";
// The record viewer: steps through the frames written by oracle/viewer/page.py.  Everything
// the record holds is put on the page as text (textContent), never as markup; the sheets are
// SVG pictures shown as images.
(function () {
  const data = JSON.parse(document.getElementById("record-data").textContent);
  const frames = data.frames;
  const last = frames.length - 1;
  const verdict = data.verdict;
  const refused = verdict.status === "illegal" && verdict.step !== null ? verdict.step : null;
  const DIE_COLOURS = {
    W: ["#ffffff", "#222"], Y: ["#f6d23b", "#222"], T: ["#3cc4c4", "#222"],
    B: ["#2f6fd6", "#fff"], Br: ["#8a5a2b", "#fff"], P: ["#e76fa8", "#222"],
    Gy: ["#9a9a9a", "#222"], Gn: ["#4caf50", "#222"],
  };
  const FIELDS = ["I", "II", "III", "IV", "V", "VI"];
  const drawn = new Map();

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

  function drawing(index) {
    if (!drawn.has(index)) {
      const parts = [];
      for (const [start, length] of data.drawings[index]) {
        for (let i = start; i < start + length; i++) parts.push(data.fragments[i]);
      }
      drawn.set(index, "data:image/svg+xml;charset=utf-8," + encodeURIComponent(parts.join("")));
    }
    return drawn.get(index);
  }

  function label(player) {
    return "p" + (player + 1) + " (" + data.players[player] + ")";
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

  function showDice(frame) {
    const box = clear(document.getElementById("dice"));
    if (frame.dice.length === 0) {
      box.appendChild(el("p", "dice: " + frame.dice_text));
      return;
    }
    const places = [];
    for (const die of frame.dice) if (!places.includes(die.place)) places.push(die.place);
    const rank = (p) => (p === "cup" ? -1 : p === "platter" ? 99 : FIELDS.indexOf(p));
    places.sort((a, b) => rank(a) - rank(b));
    for (const place of places) {
      const group = el("div", null, "place");
      const name = place === "platter" ? "silver platter" : place === "cup" ? "cup"
        : "die field " + place;
      group.appendChild(el("span", name, "label"));
      for (const die of frame.dice.filter((d) => d.place === place)) {
        const chip = el("span", die.value === null ? "\u00b7" : String(die.value), "die");
        const [fill, ink] = DIE_COLOURS[die.code] || ["#dddddd", "#222"];
        chip.style.background = fill;
        chip.style.color = ink;
        chip.title = die.code + (die.value === null ? " (not rolled)" : " " + die.value);
        chip.dataset.die = die.code;
        group.appendChild(chip);
      }
      box.appendChild(group);
    }
  }

  function showStep(k, frame) {
    const before = clear(document.getElementById("last-step"));
    if (k > 0) {
      before.appendChild(el("span", "Last: step " + k + " \u2014 "));
      before.appendChild(el("span", stepLabel(k - 1), "next-move"));
    }
    const line = clear(document.getElementById("next-step"));
    const box = clear(document.getElementById("refusal"));
    box.hidden = true;
    if (k < data.steps.length) {
      const isRefused = refused !== null && k + 1 === refused;
      line.appendChild(el("span", (isRefused ? "Refused: step " : "Next: step ") + (k + 1) +
        " of " + data.steps.length + " \u2014 "));
      line.appendChild(el("span", stepLabel(k), "next-move"));
    } else {
      line.appendChild(el("span", "After the last step (" + data.steps.length + " steps)"));
    }
    if (k !== last || verdict.status === "legal" || verdict.status === "legal-so-far") return;
    box.hidden = false;
    box.className = "refusal " + verdict.status;
    const head = el("p");
    head.appendChild(el("span", "rule " + verdict.rule, "rule"));
    head.appendChild(el("span", ": " + verdict.reason));
    box.appendChild(head);
    if (refused !== null && verdict.legal.length) {
      box.appendChild(el("p", "legal instead (" + verdict.legal.length + "): " +
        verdict.legal.slice(0, 12).join(", ") +
        (verdict.legal.length > 12 ? ", \u2026" : "")));
    }
  }

  function showLegal(frame) {
    const list = clear(document.getElementById("legal"));
    const title = document.getElementById("legal-title");
    if (frame.to_move === "dice") {
      title.textContent = "Legal moves: a roll of the dice in the cup";
    } else if (frame.to_move === "nobody") {
      title.textContent = "Legal moves: none (the game is over)";
    } else {
      title.textContent = "Legal moves (" + frame.legal.length + ")";
    }
    for (const move of frame.legal) list.appendChild(el("li", move));
  }

  function showScores(k, frame) {
    const box = clear(document.getElementById("scores"));
    if (k !== last || !verdict.scores || verdict.scores.length === 0) return;
    box.appendChild(el("h2", frame.to_move === "nobody" ? "Final scores" : "Scores so far"));
    const table = el("table");
    const names = Object.keys(verdict.scores[0]);
    const head = el("tr");
    head.appendChild(el("th", "player"));
    for (const name of names) head.appendChild(el("th", name.replace(/_/g, " ")));
    table.appendChild(head);
    verdict.scores.forEach((score, player) => {
      const row = el("tr");
      const won = data.winners.includes(player) ? " \u2605 winner" : "";
      row.appendChild(el("td", label(player) + won));
      for (const name of names) row.appendChild(el("td", String(score[name])));
      table.appendChild(row);
    });
    box.appendChild(table);
    if (data.solo_rating) box.appendChild(el("p", "solo rating: " + data.solo_rating));
  }

  function showSheets(frame) {
    const box = clear(document.getElementById("sheets"));
    frame.sheets.forEach((index, player) => {
      const figure = el("figure");
      if (frame.to_move === "p" + (player + 1)) figure.className = "mover";
      const img = el("img");
      img.src = drawing(index);
      img.alt = "sheet of " + label(player);
      figure.appendChild(img);
      figure.appendChild(el("figcaption", label(player) + " \u2014 " + frame.totals[player] +
        " points"));
      box.appendChild(figure);
    });
  }

  function showSteps(k) {
    const items = document.getElementById("steps").children;
    for (let i = 0; i < items.length; i++) {
      items[i].classList.toggle("current", i + 1 === k);
    }
    if (k > 0 && items[k - 1]) items[k - 1].scrollIntoView({ block: "nearest" });
  }

  let current = 0;

  function show(k) {
    current = Math.max(0, Math.min(last, k));
    const frame = frames[current];
    document.getElementById("frame-label").textContent =
      "step " + current + " of " + data.steps.length + (current === last && refused !== null
        ? " (step " + refused + " refused)" : "");
    document.getElementById("slider").value = String(current);
    document.getElementById("status").textContent = status(frame);
    document.getElementById("position").textContent = frame.position;
    showStep(current, frame);
    showDice(frame);
    showLegal(frame);
    showScores(current, frame);
    showSheets(frame);
    showSteps(current);
    document.getElementById("prev").disabled = current === 0;
    document.getElementById("first").disabled = current === 0;
    document.getElementById("next").disabled = current === last;
    document.getElementById("last").disabled = current === last;
  }

  function verdictText() {
    const where = refused !== null ? " at step " + refused + " of " + verdict.steps : "";
    const rule = verdict.rule ? " \u2014 rule " + verdict.rule + ": " + verdict.reason : "";
    return verdict.status.toUpperCase().replace(/-/g, " ") + where + rule;
  }

  function setUp() {
    document.getElementById("title").textContent = data.title + " \u2014 " + data.name +
      " (" + data.players.length + (data.players.length === 1 ? " player)" : " players)");
    const head = document.getElementById("verdict");
    head.textContent = verdictText();
    head.classList.add(verdict.status);
    const list = document.getElementById("steps");
    data.steps.forEach((text, i) => {
      const item = el("li", stepLabel(i));
      if (refused !== null && i + 1 === refused) item.className = "refused";
      else if (i + 1 > last) item.className = "unplayed";
      else item.addEventListener("click", () => show(i + 1));
      if (refused !== null && i + 1 === refused) item.addEventListener("click", () => show(last));
      list.appendChild(item);
    });
    const slider = document.getElementById("slider");
    slider.max = String(last);
    slider.addEventListener("input", () => show(Number(slider.value)));
    document.getElementById("first").addEventListener("click", () => show(0));
    document.getElementById("prev").addEventListener("click", () => show(current - 1));
    document.getElementById("next").addEventListener("click", () => show(current + 1));
    document.getElementById("last").addEventListener("click", () => show(last));
    document.addEventListener("keydown", (event) => {
      if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) return;
      const moves = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last };
      if (event.key in moves) {
        event.preventDefault();
        show(moves[event.key]);
      }
    });
    show(data.start);
  }

  setUp();
})();
