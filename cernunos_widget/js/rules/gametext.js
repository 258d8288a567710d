// The writing side of record/tree.py, record/text.py and record/files.py (and
// session/gamefiles.py's cgn_text): a page without a kernel exports the game it holds
// byte for byte as the kernel would.
//
// A game is given in the page's own shape, one object:
//
//   { tree,     // {nodes: {id: {id, parent, decision, children, comment, glyph, ...}}}:
//               //   the page's node records (session/view.py node_record); the root's
//               //   parent is -1
//     headers,  // the tag pairs, an object in order ({Green: "Ann", Result: "*"}); default {}
//     root,     // the root's mirror Position (its rules are the game's, D-10)
//     end }     // the mirror Position at the end of the main line (cgnText only)
//
// gameTags(game) is Game.tags(), exportGame(game) Game.export(), and cgnText(game) the
// .cgn file text of gamefiles.cgn_text (result tags filled first when they disagree with the
// main line). Refusals are the record's errors (GameTextError, GameFileError) with its words.

import { CernunosError, GameFileError, GameTextError, refusal } from "./errors.js";
import { Position } from "./position.js";
import { clip, commas, pyLen, pySlice, typeName } from "./pytext.js";

export const RESULTS = Object.freeze(["1-0", "0-1", "1/2-1/2", "*"]); // [Result]: Green first
export const MAX_GAME_TEXT = 10_000_000; // characters in one game's text
export const GLYPHS = Object.freeze(["!", "?!", "?", "??"]); // record/text.py: after a decision
export const WRAP = 79; // columns of game text per line in a file (a longer word keeps its own line)

const TAG_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
const SURROGATE = /\p{Cs}/u; // a lone surrogate (a pair is one character)

/** ``text`` if it can be a comment (a string, no lone surrogate); else GameTextError. */
export function checkComment(text) {
  if (typeof text !== "string") throw new GameTextError(`a comment is a string, not ${typeName(text)}`);
  const bad = SURROGATE.exec(text);
  if (bad) {
    const code = bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
    throw refusal(GameTextError, "record.comment_surrogate", { code, at: pyLen(text.slice(0, bad.index)) + 1 });
  }
  return text;
}

/** "{text}" with "\" and "}" escaped (text.py's write_comment), after checkComment. */
export function writeComment(text) {
  return "{" + checkComment(text).replaceAll("\\", "\\\\").replaceAll("}", "\\}") + "}";
}

/** '[Name "value"]' with "\" and '"' escaped; GameTextError for what cannot be one. */
export function writeTag(name, value) {
  if (typeof name !== "string" || !TAG_NAME.test(name)) {
    throw new GameTextError(`bad tag name ${clip(name)}: a letter, then letters, digits or '_' (such as Green)`);
  }
  if (typeof value !== "string") throw new GameTextError(`the tag [${name}] holds ${typeName(value)}, not text`);
  if (value.includes("\n") || value.includes("\r")) {
    throw new GameTextError(`the tag [${name}] holds a line break: a tag value is one line`);
  }
  if (SURROGATE.test(value)) throw new GameTextError(`the tag [${name}] holds a lone surrogate: it cannot be UTF-8`);
  return `[${name} "` + value.replaceAll("\\", "\\\\").replaceAll('"', '\\"') + '"]';
}

/** [Result] and [Score] or [Termination] for a game ending at ``position``:
 * {Result: "*"} while it goes on. */
export function outcomeTags(position) {
  const result = position.result();
  if (result === null) return { Result: "*" };
  const won = result.winner === null ? "1/2-1/2" : result.winner === 0 ? "1-0" : "0-1";
  if (result.forfeit) return { Result: won, Termination: "forfeit" };
  return { Result: won, Score: result.text.slice(result.text.indexOf(" ") + 1) };
}

/** Python's headers.get(name): undefined or null are None. */
function get(headers, name) {
  return Object.hasOwn(headers, name) ? (headers[name] ?? null) : null;
}

/** A tag as an error message shows it (the value cut to 80 characters). */
function shown(name, value) {
  const text = typeof value === "string" ? value : clip(value);
  const long = pyLen(text) > 80;
  return `[${name} "${long ? pySlice(text, 0, 80) : text}${long ? "..." : ""}"]`;
}

/** [the tag that disagrees with a main line ending at ``end``, why], or null (tree.py). */
export function outcomeProblem(headers, end) {
  const result = get(headers, "Result");
  if (result !== null && !RESULTS.includes(result)) {
    return ["Result", `${shown("Result", result)} is not one of ${RESULTS.join(", ")}`];
  }
  const outcome = end.result();
  if (outcome === null) {
    if (Object.hasOwn(headers, "Score")) {
      return ["Score", "[Score] is set but the main line does not end the game (R-16)"];
    }
    if (get(headers, "Termination") === "forfeit") {
      return ["Termination", '[Termination "forfeit"] is set but the main line does not end by forfeit (R-15)'];
    }
    return null;
  }
  const expected = outcomeTags(end);
  for (const name of ["Result", "Score", "Termination"]) {
    const value = get(headers, name);
    if (value === null || value === (expected[name] ?? null)) continue;
    if (name === "Termination" && value !== "forfeit" && "Score" in expected) continue; // a scored game may say how it ended
    const want = name in expected ? `[${name} "${expected[name]}"]` : `no [${name}]`;
    return [name, `${shown(name, value)} does not match the main line's end: ${outcome.summary}, which is ${want}`];
  }
  return null;
}

/** The headers with [Result] and [Score] or [Termination "forfeit"] set from the main
 * line's end (files.py's fill_result), a stale [Score] or forfeit dropped: a new object. */
export function fillResult(headers, end) {
  const tags = outcomeTags(end);
  const out = new Map(Object.entries(headers));
  if (!("Score" in tags)) out.delete("Score");
  if (!("Termination" in tags) && out.get("Termination") === "forfeit") out.delete("Termination");
  for (const [name, value] of Object.entries(tags)) out.set(name, value);
  return Object.fromEntries(out);
}

function samePosition(a, b) {
  const same = (x, y) => JSON.stringify(x) === JSON.stringify(y);
  return (
    same(a.board, b.board) &&
    a.sideIndex === b.sideIndex &&
    a.phaseIndex === b.phaseIndex &&
    same(a.burned, b.burned) &&
    same(a.agenda, b.agenda) &&
    a.count === b.count &&
    String(a.rules) === String(b.rules)
  );
}

const isObject = (x) => typeof x === "object" && x !== null && !Array.isArray(x);

/** ``game`` with its headers ({} when absent), or GameTextError naming the part that is wrong. */
function checked(game, needEnd) {
  const wrong = (what) => new GameTextError(`a game to write is {tree, headers, root, end}: ${what}`);
  if (!isObject(game)) throw wrong(`not ${typeName(game)}`);
  if (!isObject(game.tree) || !isObject(game.tree.nodes)) throw wrong("its tree is {nodes: {id: node record}}");
  const headers = game.headers ?? {};
  if (!isObject(headers)) throw wrong(`its headers are an object of tag pairs, not ${typeName(headers)}`);
  if (!(game.root instanceof Position)) throw wrong("its root is the mirror Position at the tree's root");
  if (needEnd && !(game.end instanceof Position)) throw wrong("its end is the mirror Position at the main line's end");
  return { ...game, headers };
}

/** The tag pairs to write (Game.tags()): the headers in order, [Rules] under a variant and
 * [CPN] when the root is not the rules' initial position (each added last unless set). */
export function gameTags(game) {
  const { headers, root } = checked(game, false);
  const pairs = new Map(Object.entries(headers));
  const rules = String(root.rules);
  if (!pairs.has("Rules") && !root.rules.isStandard) {
    const cpn = pairs.get("CPN");
    pairs.delete("CPN"); // [Rules] comes before the [CPN] read under it
    pairs.set("Rules", rules);
    if (cpn !== undefined) pairs.set("CPN", cpn);
  }
  if (pairs.has("Rules")) pairs.set("Rules", rules);
  if (pairs.has("CPN") || !samePosition(root, Position.start(root.rules))) pairs.set("CPN", root.cpn());
  return [...pairs].map(([name, value]) => writeTag(name, value));
}

function rootOf(tree) {
  for (const node of Object.values(tree.nodes)) if (node.parent === -1) return node;
  throw new GameTextError("the tree has no root (a node whose parent is -1)");
}

function childOf(tree, node, id) {
  const child = tree.nodes[id];
  if (child === undefined) throw new GameTextError(`node ${node.id} names a child ${id} that is not in the tree`);
  return child;
}

/** The root's comment and the moves, as the words of the game text (Game.movetext()):
 * variations in parentheses after the decision they replace; an explicit stack, no recursion. */
export function movetextWords(tree) {
  const root = rootOf(tree);
  const parts = root.comment ? [writeComment(root.comment)] : [];
  const todo = [["line", root]];
  while (todo.length) {
    const [what, node] = todo.pop();
    if (what === "close") {
      parts[parts.length - 1] += ")";
    } else if (what === "open") {
      parts.push("(" + node.decision + node.glyph);
      if (node.comment) parts.push(writeComment(node.comment));
    } else if (node.children.length) {
      const [main, ...variations] = node.children.map((id) => childOf(tree, node, id));
      parts.push(main.decision + main.glyph);
      if (main.comment) parts.push(writeComment(main.comment));
      todo.push(["line", main]); // after the variations
      for (const variation of variations.reverse()) todo.push(["close", null], ["line", variation], ["open", variation]);
    }
  }
  return parts;
}

/** The game as text (Game.export()): tags, decisions, variations, comments, glyphs. */
export function exportGame(game) {
  return [...gameTags(game), ...movetextWords(checked(game, false).tree)].join(" ");
}

/** The words as the lines of a file, about WRAP columns each (files.py's _wrap). */
function wrap(parts) {
  const lines = [];
  let line = "";
  let size = 0;
  for (const part of parts) {
    const n = pyLen(part);
    if (line && size + 1 + n > WRAP) {
      lines.push(line);
      [line, size] = [part, n];
    } else if (line) {
      [line, size] = [`${line} ${part}`, size + 1 + n];
    } else {
      [line, size] = [part, n];
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** One game as a file holds it (files.py's format_game): tags one a line, [Result] always,
 * the wrapped game text, "\n". GameFileError for tags the main line contradicts or a game
 * longer than MAX_GAME_TEXT characters. */
export function formatGame(game) {
  const { headers } = checked(game, true);
  let lines;
  try {
    const problem = outcomeProblem(headers, game.end);
    if (problem !== null) throw new GameFileError(problem[1]);
    const tags = gameTags(game);
    if (!Object.hasOwn(headers, "Result")) tags.push(`[Result "${outcomeTags(game.end).Result}"]`);
    lines = [...tags, ...wrap(movetextWords(game.tree))];
  } catch (error) {
    if (error instanceof GameFileError || !(error instanceof CernunosError)) throw error;
    throw new GameFileError(error.message); // a bad tag, a root with no CPN ...
  }
  const text = lines.join("\n") + "\n";
  const size = text.length > MAX_GAME_TEXT ? pyLen(text) : text.length;
  if (size > MAX_GAME_TEXT) {
    throw new GameFileError(`the game is ${commas(size)} characters; a file's game is at most ${commas(MAX_GAME_TEXT)}`);
  }
  return text;
}

/** The game as a .cgn file's text (session/gamefiles.py's cgn_text): result tags the tree
 * no longer matches are set from the main line first, in a copy: the headers
 * given are left as they are (fillResult gives the filled ones). */
export function cgnText(game) {
  const { headers } = checked(game, true);
  if (outcomeProblem(headers, game.end) === null) return formatGame(game);
  return formatGame({ ...game, headers: fillResult(headers, game.end) });
}
