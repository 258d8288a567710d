// The rules mirror (js/rules/) checked decision for decision against the engine's vectors
// (tests/js/make_rules_vectors.py, written by tests/js/test_rules_mirror.py into the folder
// named by CERNUNOS_RULES_VECTORS). Without that variable the check is skipped.
// A share of the games also checks each decision's move record and the line's move text
// (js/rules/movetext.js). A failure names the game, the decision and the field.

import assert from "node:assert/strict";
import { createReadStream, readFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { test } from "node:test";

import {
  LineState, Position, Rules, buildView, codeToText, moveRecord, moveText, nextEntry, zoneTable,
} from "../../cernunos_widget/js/rules/index.js";
import { answer, difference } from "./vectors.mjs";

const FOLDER = process.env.CERNUNOS_RULES_VECTORS;
const SHOWN = 12; // failures listed at most


/** Replay one game; the first failure in it (the chain diverges after one), or null. */
// make_rules_vectors.py's french_words: what a view says in French.
function frenchWords(view) {
  return { prompt: view.prompt, result_text: view.result_text, events: view.events.map((e) => e.text) };
}

function checkGame(game) {
  const where = (i, field) => `game ${game.name} (rules ${game.rules}), decision ${i}, field ${field}`;
  let position;
  try {
    position = Position.fromCpn(game.cpn, game.rules);
  } catch (error) {
    return `${where(0, "start")}: the mirror refused ${game.cpn}: ${error.stack}`;
  }
  const moves = { state: new LineState(), entries: [] };
  let d = difference(game.start, buildView(position), "view");
  if (d) return where(0, d);
  for (const [i, step] of game.steps.entries()) {
    const n = i + 1;
    const refusal = position.placementRefusal(step.r[0], step.r[1]);
    if (refusal !== step.r[2]) {
      return where(n, `placementRefusal(${step.r[0]}, ${step.r[1]}): expected ${step.r[2]}, got ${refusal}`);
    }
    const french = position.placementRefusal(step.r[0], step.r[1], "fr");
    if (french !== step.rf) {
      return where(n, `placementRefusal(${step.r[0]}, ${step.r[1]}, "fr"): expected ${step.rf}, got ${french}`);
    }
    const opts = position.legalTexts().join(" ");
    if (opts !== step.o) return where(n, `options: expected ${step.o}, got ${opts}`);
    const decider = position.decider === null ? "" : "gp"[position.decider];
    if (decider !== step.d) return where(n, `decider: expected ${step.d}, got ${decider}`);
    if (position.choice !== step.c) return where(n, `choice: expected ${step.c}, got ${position.choice}`);
    const before = position;
    let events;
    try {
      [position, events] = before.playWithEvents(step.x);
    } catch (error) {
      return where(n, `child: playing ${step.x} threw ${error.stack}`);
    }
    d = difference(step.v, buildView(position, events), "view");
    if (d) return where(n, `${d} (decision ${step.x})`);
    d = difference(step.f, frenchWords(buildView(position, events, "fr")), "French view");
    if (d) return where(n, `${d} (decision ${step.x})`);
    if ("m" in step) {
      d = checkMove(step, before, events, moves);
      if (d) return where(n, `${d} (decision ${step.x})`);
    }
  }
  if ("t" in game && moveText(moves.entries) !== game.t) {
    return where(game.steps.length, `moveText: expected ${JSON.stringify(game.t)}, got ${JSON.stringify(moveText(moves.entries))}`);
  }
  return null;
}

/** The move record of one decision (js/rules/movetext.js), numbered after the line so far. */
function checkMove(step, before, events, moves) {
  const { entry, state } = nextEntry(moves.state, before, step.x, events);
  moves.state = state;
  moves.entries.push(entry);
  const expected = { ...step.m, kind: step.k, narration: step.n, decision: step.x };
  return difference(expected, { ...moveRecord(entry, state), kind: entry.kind, narration: entry.narration, decision: entry.decision }, "move");
}

function hostileAnswer(item) {
  if (item.what === "rules") return answer(() => String(Rules.parse(item.text)));
  if (item.what === "cpn") {
    return answer(() => {
      const p = Position.fromCpn(item.text, item.rules);
      return `${p.cpn()} | ${p.legalTexts().join(" ")}`;
    });
  }
  const position = Position.fromCpn(item.cpn, item.rules);
  const decision = item.bigint ? BigInt(item.text) : item.text; // an int no number holds
  return { legal: position.isLegal(decision), ...answer(() => codeToText(position.codeOf(decision))) };
}

test("the mirror plays every vector decision as the engine did", { skip: !FOLDER }, async () => {
  const failures = [];
  let games = 0;
  let decisions = 0;
  let records = 0;
  const lines = createInterface({ input: createReadStream(join(FOLDER, "games.jsonl")), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    const game = JSON.parse(line);
    games += 1;
    decisions += game.steps.length;
    if ("t" in game) records += game.steps.length;
    const failure = checkGame(game);
    if (failure) failures.push(failure);
  }
  console.log(`# rules vectors: ${games} games, ${decisions} decisions (${records} move records), ${failures.length} failing`);
  assert.ok(games > 0, "no games in the vectors");
  assert.equal(failures.length, 0, `${failures.length} game(s) differ:\n` + failures.slice(0, SHOWN).join("\n"));
});

test("hostile CPN, rules and decision text get the engine's refusals", { skip: !FOLDER }, () => {
  const items = JSON.parse(readFileSync(join(FOLDER, "hostile.json"), "utf8"));
  const failures = [];
  for (const [i, item] of items.entries()) {
    const expected = { ...("legal" in item ? { legal: item.legal } : {}), ...("ok" in item ? { ok: item.ok } : { error: item.error }) };
    const d = difference(expected, hostileAnswer(item), `hostile ${i} (${item.what} ${JSON.stringify(item.text).slice(0, 60)})`);
    if (d) failures.push(d);
  }
  console.log(`# hostile vectors: ${items.length}, ${failures.length} failing`);
  assert.equal(failures.length, 0, `${failures.length} hostile input(s) differ:\n` + failures.slice(0, SHOWN).join("\n"));
});

test("each variant's description and hover zones are the engine's", { skip: !FOLDER }, () => {
  const variants = JSON.parse(readFileSync(join(FOLDER, "variants.json"), "utf8"));
  assert.ok(Object.keys(variants).length > 1);
  for (const [text, expected] of Object.entries(variants)) {
    const rules = Rules.parse(text);
    const actual = { describe: rules.describe(), describe_fr: rules.describe("fr"), zones: zoneTable(rules) };
    assert.equal(difference(expected, actual, `variant ${text}`), null);
  }
});
