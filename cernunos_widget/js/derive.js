// What the page computes itself with the rules mirror (js/rules/, checked against the engine):
// each node's position, the events that led there and its view (session/view.py's
// build_view). A view the kernel sent is used as it is; any other is derived, so a state
// needs to carry only the tree's shape and its start ("start": the root's CPN), not a view
// per node (a static page's weight grows with the game, not with views).
//
// A node's position comes from the nearest node up its path with a known position: one in
// the cache, one whose sent view has a CPN, or the root's "start"; the decisions below it are
// replayed. A node with none (a game set up in the middle of an effect, its views not sent)
// has no position here: positionOf gives null and the page cannot play from it.

import { CernunosError, Position, buildView, rulesOf, zoneTable } from "./rules/index.js";
import { knownLanguage } from "./i18n.js";

const caches = new WeakMap(); // store -> { gen, rules, language, steps: Map id -> {position, events} | null, views }

function cacheOf(store) {
  const rules = (store.settings || {}).rules || "standard";
  const language = languageOf(store);
  let cache = caches.get(store);
  if (!cache || cache.gen !== store.gen || cache.rules !== rules) {
    cache = { gen: store.gen, rules, language, steps: new Map(), views: new Map() };
    caches.set(store, cache);
  } else if (cache.language !== language) {
    cache.language = language; // the positions stay, the words change
    cache.views = new Map();
  }
  return cache;
}

/** The language the store's board speaks (its settings' language, else English). */
export function languageOf(store) {
  return knownLanguage((store.settings || {}).language);
}

/** The rules the store's game is played under (D-10): the settings' text, else standard. */
export function rulesText(store) {
  return (store.settings || {}).rules || "standard";
}

// A position known without replaying: the sent view's CPN, or the root's start.
function anchor(store, node, rules) {
  const view = store.views && store.views[node.id];
  const cpn = view && view.cpn ? view.cpn : node.parent === -1 ? store.start : "";
  if (!cpn) return null;
  try {
    return { position: Position.fromCpn(cpn, rules), events: view ? view.events : [] };
  } catch (error) {
    if (error instanceof CernunosError) return null;
    throw error;
  }
}

// The step of ``decision`` from ``position``; null if the mirror refuses it (a state that
// does not come from the engine).
function replay(position, decision) {
  try {
    const { position: after, events } = position.step(decision);
    return { position: after, events };
  } catch (error) {
    if (error instanceof CernunosError) return null;
    throw error;
  }
}

/** {position, events} at node ``id`` (events: what its decision caused), or null. */
export function stepOf(store, id) {
  const cache = cacheOf(store);
  if (cache.steps.has(id)) return cache.steps.get(id);
  const chain = [];
  let node = store.nodes[id];
  let base = null;
  while (node) {
    if (cache.steps.has(node.id)) {
      base = cache.steps.get(node.id);
      break;
    }
    base = anchor(store, node, cache.rules);
    if (base) {
      cache.steps.set(node.id, base);
      break;
    }
    chain.push(node);
    node = store.nodes[node.parent];
  }
  for (const here of chain.reverse()) {
    base = base && replay(base.position, here.decision);
    cache.steps.set(here.id, base);
  }
  return cache.steps.get(id) ?? null;
}

/** The mirror's position at node ``id``, or null when the page cannot know it. */
export function positionOf(store, id) {
  const step = stepOf(store, id);
  return step ? step.position : null;
}

/** What the board draws at node ``id``: the kernel's view, else the mirror's (null if neither). */
export function viewOf(store, id) {
  const sent = store.views && store.views[id];
  if (sent) return sent;
  if (!store.nodes[id]) return undefined;
  const cache = cacheOf(store);
  let view = cache.views.get(id);
  if (view === undefined) {
    const step = stepOf(store, id);
    view = step ? buildView(step.position, step.events, cache.language) : null;
    cache.views.set(id, view);
  }
  return view ?? undefined;
}

/** The hover zones (R-19..R-26) the kernel sent, else the mirror's for the store's rules
 * (a static page does not carry them: engine/zones.py's table, checked against it). */
export function zonesOf(model, store) {
  const sent = model.get("zones");
  if (sent && Object.keys(sent).length) return sent;
  const cache = cacheOf(store);
  cache.zones ??= zoneTable(rulesOf(cache.rules));
  return cache.zones;
}

/** Forget what removed nodes held (their ids are never given again in this game). */
export function forget(store, ids) {
  const cache = caches.get(store);
  if (!cache) return;
  for (const id of ids) {
    cache.steps.delete(id);
    cache.views.delete(id);
  }
}
