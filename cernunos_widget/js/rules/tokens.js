// engine/tokens.py: players, kinds (listing order T B D W S X C F) and token codes:
// bits 0-2 the kind, bit 3 the owner, from bit 4 a tag used only mid-effect.

export const KIND_LETTERS = "TBDWSXCF";
export const KIND_TITLES = Object.freeze(["Tree", "Boar", "Deer", "Wolf", "Squirrel", "Fox", "Crow", "Fire"]);
export const PLAYER_TITLES = Object.freeze(["Green", "Purple"]);
export const PLAYER_LETTERS = "gp";
export const KIND_COUNTS = Object.freeze([12, 3, 3, 2, 1, 1, 1, 1]);
export const TOKENS_PER_PLAYER = 24;

export const TREE = 0;
export const BOAR = 1;
export const DEER = 2;
export const WOLF = 3;
export const SQUIRREL = 4;
export const FOX = 5;
export const CROW = 6;
export const FIRE = 7;
// the activatable kinds.
export const ACTIVATABLE = Object.freeze(new Set([TREE, BOAR, FOX, CROW]));

export const KIND_MASK = 7;
export const OWNER_BIT = 8;
export const CODE_MASK = 15;
export const TAG_SHIFT = 4;

/** The owner (0 Green, 1 Purple) of a token code. */
export function ownerOf(code) {
  return code & OWNER_BIT ? 1 : 0;
}

/** The CPN letter of a code: uppercase Green, lowercase Purple. */
export function tokenLetter(code) {
  const letter = KIND_LETTERS[code & KIND_MASK];
  return code & OWNER_BIT ? letter.toLowerCase() : letter;
}
