// Python's text behaviour the engine's messages depend on: repr, strip, code-point length,
// and errors.clip (engine/errors.py), so refusals read exactly as the engine's.

const WHITESPACE = new Set(
  "\t\n\u000b\u000c\r\u001c\u001d\u001e\u001f \u0085\u00a0\u1680\u2000\u2001\u2002\u2003" +
    "\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000",
);
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;
export const ECHO_LIMIT = 80;

/** Python's str.strip(): Python's whitespace, not JavaScript's trim(). */
export function pyStrip(text) {
  let start = 0;
  let end = text.length;
  while (start < end && WHITESPACE.has(text[start])) start += 1;
  while (end > start && WHITESPACE.has(text[end - 1])) end -= 1;
  return text.slice(start, end);
}

/** Python's str.split(): the words between runs of Python's whitespace. */
export function pySplit(text) {
  const words = [];
  let word = "";
  for (const ch of text) {
    if (WHITESPACE.has(ch)) {
      if (word) words.push(word);
      word = "";
    } else word += ch;
  }
  if (word) words.push(word);
  return words;
}

/** len(text) in Python: code points, not UTF-16 units. */
export function pyLen(text) {
  let n = 0;
  for (let i = 0; i < text.length; i += 1) {
    const u = text.charCodeAt(i);
    if (!(u >= 0xdc00 && u <= 0xdfff && i > 0 && isHigh(text.charCodeAt(i - 1)))) n += 1;
  }
  return n;
}

function isHigh(u) {
  return u >= 0xd800 && u <= 0xdbff;
}

/** text[start:end] in Python (code points). */
export function pySlice(text, start, end = Infinity) {
  const out = [];
  let n = 0;
  for (const ch of text) {
    if (n >= end) break;
    if (n >= start) out.push(ch);
    n += 1;
  }
  return out.join("");
}

function hex(n, width) {
  return n.toString(16).padStart(width, "0");
}

/** repr(text) for a Python str. */
export function pyRepr(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const cp = ch.codePointAt(0);
    if (ch === "\\" || ch === quote) out += "\\" + ch;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch !== " " && NOT_PRINTABLE.test(ch)) {
      if (cp < 0x100) out += "\\x" + hex(cp, 2);
      else if (cp < 0x10000) out += "\\u" + hex(cp, 4);
      else out += "\\U" + hex(cp, 8);
    } else out += ch;
  }
  return out + quote;
}

/** An int with thousands separators, as Python's f"{n:,}". */
export function commas(n) {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** errors.clip: repr of bad input for an error message, cut to ``limit`` characters. */
export function clip(text, limit = ECHO_LIMIT) {
  if (isIntCode(text)) return intText(BigInt(text));
  if (typeof text !== "string") return `a ${typeName(text)}`;
  const length = text.length <= limit ? text.length : pyLen(text);
  if (length <= limit) return pyRepr(text);
  return `${pyRepr(pySlice(text, 0, limit))}... (${commas(length)} characters)`;
}

/** Whether a value stands for a Python int: a bigint, or a number with an integer value
 * but -0 (Python's -0.0 is a float). JavaScript has one number type, and the page and JSON
 * never tell them apart, so a float with an integer value (1.0, 1e20) is the int here, and
 * an int beyond 2**53 arrives as the nearest number: what the engine refuses as a float, or
 * names by another value, cannot be told apart. */
export function isIntCode(value) {
  return typeof value === "bigint" || (Number.isInteger(value) && !Object.is(value, -0));
}

/** errors.clip of an int: its digits up to 64 bits, else its size. */
function intText(n) {
  const bits = (n < 0n ? -n : n).toString(2).length;
  return bits <= 64 ? n.toString() : `an int of ${bits} bits`;
}

/** The Python type name closest to a JavaScript value, for messages. */
export function typeName(value) {
  if (value === null || value === undefined) return "NoneType";
  if (typeof value === "boolean") return "bool";
  if (isIntCode(value)) return "int";
  if (typeof value === "number") return "float";
  if (typeof value === "string") return "str";
  if (Array.isArray(value)) return "list";
  return "dict";
}
