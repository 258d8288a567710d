// editor.js alone (with the parts it imports): the CPN the position editor reads and writes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCpn, writeCpn } from "../../cernunos_widget/js/editor.js";

const START = ".,.,.,./.,.,.,./.,.,.,. g 2 0-0";

test("readCpn gives the stacks by cell, the side, the phase and the burned counts", () => {
  const ed = readCpn("tT,.,.,./.,B,.,./.,.,.,Fc p L 3-11");
  assert.equal(ed.stacks.a3, "tT");
  assert.equal(ed.stacks.b2, "B");
  assert.equal(ed.stacks.d1, "Fc");
  assert.equal(ed.stacks.c2, "");
  assert.equal(Object.keys(ed.stacks).length, 12);
  assert.deepEqual([ed.side, ed.phase, ed.burned], ["p", "L", ["3", "11"]]);
});

test("writeCpn(readCpn(cpn)) gives the CPN back", () => {
  for (const cpn of [START, "tT,.,.,./.,B,.,./.,.,.,Fc p L 3-11", "W,w,S,s/X,x,C,c/F,f,T,t g # 12-12"]) {
    assert.equal(writeCpn(readCpn(cpn)), cpn);
  }
});

test("writeCpn writes empty burned counts as 0", () => {
  const ed = readCpn(START);
  ed.burned = [" ", "4"];
  assert.equal(writeCpn(ed), ".,.,.,./.,.,.,./.,.,.,. g 2 0-4");
});

test("readCpn refuses text not shaped like a CPN", () => {
  for (const text of [
    "", START.replace(" g ", " x "), START.replace(" 2 ", " 3 "), START.replace("0-0", "0"),
    ".,.,./.,.,.,./.,.,.,. g 2 0-0", ".,.,.,./.,.,.,. g 2 0-0", "Z,.,.,./.,.,.,./.,.,.,. g 2 0-0",
    `${START} extra`,
  ]) {
    assert.equal(readCpn(text), null, text);
  }
});
