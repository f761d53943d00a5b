// A client made from the service's OpenAPI document plays one whole random game with the
// JSON game model alone: it never reads or writes position or sheet notation.
import type { components, operations } from "./schema.js";

type Schemas = components["schemas"];
type NewBody = operations["newGame"]["requestBody"]["content"]["application/json"];
type Started = operations["newGame"]["responses"][200]["content"]["application/json"];
type ApplyBody = operations["applyMove"]["requestBody"]["content"]["application/json"];
type Applied = operations["applyMove"]["responses"][200]["content"]["application/json"];
type State = Schemas["state-model"];
type Move = Schemas["move-json"];
type Problem = Schemas["problem"];
declare const process: { argv: string[]; exit(code: number): never };  // Node's, no @types

const [url, game, players, seedText] = process.argv.slice(2);
let seed = Number(seedText);
function random(n: number): number {  // a small seeded generator: the same game each run
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
}

async function call<B, A>(path: string, body: B): Promise<A> {
  const answer = await fetch(url + path, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  if (!answer.ok) {
    const problem = (await answer.json()) as Problem;
    throw new Error(`${problem.status} ${problem.title}: ${problem.detail} (at ${problem.where})`);
  }
  return (await answer.json()) as A;
}

function roll(state: State): Move {
  const faces = (dice: readonly { die: string }[]) =>
    dice.map((d) => ({ die: d.die, face: 1 + random(6) }));
  if (state.phase === "solo-roll") {
    const all = [...state.dice];
    for (let i = all.length - 1; i > 0; i--) {
      const j = random(i + 1);
      [all[i], all[j]] = [all[j], all[i]];
    }
    return { kind: "solo-roll", dice: faces(all) };
  }
  return { kind: "roll", dice: faces(state.dice.filter((d) => d.place === "cup")) };
}

async function main(): Promise<void> {
  const start: NewBody = { game, players: Number(players) };
  let answer: Started = await call<NewBody, Started>("/new", start);
  let moves = 0;
  while (answer.state.to_move !== "nobody") {
    const move: Move = answer.state.to_move === "dice"
      ? roll(answer.state)
      : answer.legal_json[random(answer.legal_json.length)];
    const body: ApplyBody = { state: answer.state, move };
    const applied: Applied = await call<ApplyBody, Applied>("/apply", body);
    if (applied.accepted !== true) throw new Error(`refused: ${applied.rule} ${applied.reason}`);
    answer = applied;
    moves += 1;
  }
  const totals = answer.state.players.map((p) => p.score?.total);
  console.log(JSON.stringify({ moves, totals, state: answer.state }));
}

main().catch((error: unknown) => { console.error(String(error)); process.exit(1); });
