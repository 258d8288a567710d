// The move list: one element per node, keyed by id, kept across updates.

function createMoveList(ctx) {
  const el = h("div", { class: "cw-tree", "data-role": "tree", "data-movelist": "" });
  const entries = new Map();

  function entry(store, id) {
    const n = nodeOf(store, id);
    let e = entries.get(id);
    if (!e) {
      e = h("span", { class: "cw-move", "data-node": String(id) });
      entries.set(id, e);
    }
    const text = n.parent === -1 ? "start" : n.token;
    if (e.textContent !== text) e.textContent = text;
    setAttr(e, "title", n.comment || null);
    e.classList.toggle("cw-current", id === store.current);
    setAttr(e, "aria-current", id === store.current ? "true" : null);
    return e;
  }

  function annotations(n) {
    let html = "";
    if (n.mark) html += `<span class="cw-mark" title="${esc(n.mark_text)}">${esc(n.mark)}</span>`;
    if (n.comment) html += `<span class="cw-comment">${esc(n.comment)}</span>`;
    return html;
  }

  function lineInto(container, store, startId, depth) {
    let n = nodeOf(store, startId);
    while (n) {
      container.append(entry(store, n.id));
      const notes = annotations(n);
      if (notes) container.append(h("span", { class: "cw-notes" }, notes));
      const parent = nodeOf(store, n.parent);
      if (parent && parent.children[0] === n.id) {
        for (const vid of parent.children.slice(1)) {
          const box = h("div", { class: "cw-variation", style: `--depth:${depth + 1}` });
          box.append("(");
          lineInto(box, store, vid, depth + 1);
          box.append(")");
          container.append(box);
        }
      }
      n = n.children.length ? nodeOf(store, n.children[0]) : null;
    }
  }

  function update(store) {
    const rid = rootId(store);
    const shape = JSON.stringify([store.gen, Object.values(store.nodes).map((n) => [n.id, n.children, n.mark, n.comment])]);
    for (const [id, e] of entries) {
      if (!store.nodes[id]) {
        entries.delete(id);
        e.remove();
      }
    }
    if (el._shape !== shape) {
      el._shape = shape;
      const fresh = document.createDocumentFragment();
      fresh.append(entry(store, rid));
      const first = nodeOf(store, rid).children[0];
      if (first !== undefined) lineInto(fresh, store, first, 0);
      const keepScroll = el.scrollTop;
      el.replaceChildren(fresh);
      el.scrollTop = keepScroll;
    } else {
      for (const id of entries.keys()) entry(store, id);
    }
  }

  return { el, update };
}
