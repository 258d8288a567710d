#!/usr/bin/env bash
# The shipped learned weights, from nothing (docs/solver.md, "Trained on search results"):
#   bash scripts/train_search.sh WORKDIR
# One core, about an hour.  Each step is seeded; the versions printed must match those below.
set -euo pipefail
dir=${1:?a working directory}
mkdir -p "$dir"
here=$(cd "$(dirname "$0")" && pwd)
td="python $here/train_eval.py"
search="python $here/train_search.py"
cd "$dir"
# 1. TD(0) self-play, one decision ahead: ntuple-1-0dd4be37bf79 (the weights before #23)
$td --games 15000 --seed 1 --alpha 0.1 --epsilon 0.05 --chunk 5000 \
    --checkpoint td.ckpt.npz --out td.npz
# 2. three generations of MCTS self-play (800 iterations a decision), each fitted to
#    half the search's value, half the game's result
$search generate --games 2000 --iterations 800 --seed 1 --chunk 500 --weights td.npz \
    --out gen0.npz
$search fit gen0.npz --mix 0.5 --alpha 0.05 --epochs 2 --weights td.npz \
    --out s1.npz                                  # ntuple-1-99746ed4fe3c
$search generate --games 10000 --iterations 800 --seed 3 --chunk 1000 --weights s1.npz \
    --out gen1.npz
$search fit gen0.npz gen1.npz:8000 --mix 0.5 --alpha 0.02 --epochs 3 --weights s1.npz \
    --out s2.npz                                  # ntuple-1-3ea5046254fe
$search generate --games 8000 --iterations 800 --seed 4 --chunk 1000 --weights s2.npz \
    --out gen2.npz
$search fit gen1.npz gen2.npz --mix 0.5 --alpha 0.02 --epochs 3 --weights s2.npz \
    --out s3.npz                                  # ntuple-1-111701b6e4c5, shipped
