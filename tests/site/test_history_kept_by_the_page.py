"""The page adds a finished game to the history in the transaction that stores its last record, where the worker
cannot be asked (site/static/js/history.js, withFinished): it keeps what the bridge's history.kept_history keeps."""

from __future__ import annotations

import json
import subprocess

from krig import Game
from krig.webapp import history
from sitebuild.paths import MODULES

HISTORY_JS = MODULES / "history.js"


def added_by_the_page(games: list[dict], entry: dict) -> list[dict] | None:
    script = ("import { withFinished } from " + json.dumps(HISTORY_JS.as_uri()) + ";"
              "let text = ''; for await (const chunk of process.stdin) text += chunk;"
              "const [games, entry, limit, replays, version] = JSON.parse(text);"
              "console.log(JSON.stringify(withFinished(games, entry, limit, replays, version)));")
    limits = [history.HISTORY_LIMIT, history.REPLAYS_KEPT, history.HISTORY_VERSION]
    run = subprocess.run(["node", "--input-type=module", "-e", script], input=json.dumps([games, entry, *limits]),
                         check=True, capture_output=True, text=True)
    added: list[dict] | None = json.loads(run.stdout)
    return added


def test_the_page_keeps_the_games_the_bridge_keeps_when_one_ends() -> None:
    game = Game.new(2, seed=2)
    game.finish()
    for count in (0, 1, history.REPLAYS_KEPT, history.HISTORY_LIMIT):
        stored = history.kept_history([history.finished_game(str(n), game, 1, n) for n in range(count)])
        entry = history.finished_game("last", game, 1, count)
        assert added_by_the_page(stored, entry) == history.kept_history(stored, entry)


def test_the_page_never_adds_a_game_twice() -> None:
    game = Game.new(2, seed=2)
    game.finish()
    entry = history.finished_game("same", game, 1, 5)
    assert added_by_the_page([entry], {**entry, "endedAt": 6}) is None
    older = {key: value for key, value in entry.items() if key != "id"} | {"version": 2}  # named by when it ended
    (named,) = history.migrate_history([older])
    assert added_by_the_page([older], named) is None
    assert added_by_the_page([older], {**named, "id": "saved-6"}) == [older, {**named, "id": "saved-6"}]
