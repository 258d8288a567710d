"""Batch work on a real Dask cluster (2 worker processes) equals the single-process run."""

from __future__ import annotations

import os
import socket

import pytest
from distributed import Client, LocalCluster
from short_games import short_games

from cernunos_widget.solver import Limit
from cernunos_widget.tools.batch import MEASUREMENTS, analyse_games
from cernunos_widget.tools.selfplay import play_games

LIMIT = Limit(nodes=200)
BOTS = ("alphabeta:nodes=80", "mcts:nodes=80")


@pytest.fixture(scope="module")
def client():
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


@pytest.fixture(scope="module")
def games():
    return short_games(3, seed=5)


def test_analysis_on_the_cluster_equals_one_process(client, games):
    alone = analyse_games(games, LIMIT, workers=1)
    spread = analyse_games(games, LIMIT, executor=client)
    assert (spread.searches, spread.cache_hits) == (alone.searches, alone.cache_hits)
    measured = list(MEASUREMENTS)
    assert spread.results.drop(columns=measured).equals(alone.results.drop(columns=measured))
    # the tasks ran in the cluster's worker processes, not here
    cluster_pids = set(client.run(os.getpid).values())
    host = socket.gethostname()
    ran = set(spread.results.worker[spread.results.nodes > 0])
    assert ran == spread.workers
    assert ran <= {f"{host}:{pid}" for pid in cluster_pids}
    assert f"{host}:{os.getpid()}" not in ran


def test_a_scheduler_address_reaches_the_same_cluster(client, games):
    address = client.scheduler.address
    by_address = analyse_games(games[:1], LIMIT, scheduler=address)
    assert by_address.workers <= {
        f"{socket.gethostname()}:{pid}" for pid in client.run(os.getpid).values()
    }
    alone = analyse_games(games[:1], LIMIT, workers=1)
    measured = list(MEASUREMENTS)
    assert by_address.results.drop(columns=measured).equals(alone.results.drop(columns=measured))


def test_self_play_on_the_cluster_equals_one_process(client):
    spread = play_games(2, *BOTS, seed=9, executor=client)
    alone = play_games(2, *BOTS, seed=9, workers=1)
    assert [g.export() for g in spread] == [g.export() for g in alone]
