// The optional features of a board (issue #35): each is {panel(ctx) -> a part {el, update,
// intercept?(store, text)} shown above the board, session?(local, model) -> the page's own
// session wrapped, requests?: {type: handler(store, request, ops)} answered by local.js,
// traits?: the model's values whose change redraws the board}.
// The Jupyter widget's module links this file, so it has them all; a static page links one
// written for it (cernunos_widget/widget/assets.py, features_module), with only the features
// its boards show: a page pays for what it shows. tests/widget/test_assets.py checks that
// this file is features_module() of every feature.
import { LESSONS } from "./lesson.js";
import { PUZZLES } from "./puzzle.js";
import { STUDIES } from "./study.js";
export const FEATURES = Object.freeze([LESSONS, PUZZLES, STUDIES]);
