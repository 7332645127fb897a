"""The traditional variant on the page: 1 to 5 cards face down in each war, chosen in the form or by a link,
drawn card by card, said in the rules text, the log and the live region, kept across a reload and an import; and
played order with two or four face-down cards, which the form greys out."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

from gamepage import (
    ENGINE_READY,
    LOAD_TIMEOUT,
    Game,
    Visitor,
    board,
    expected_cards,
    flip,
    new_game,
    open_game,
    record,
    text,
    wait_still,
)

BACKS = "(seat) => [...document.querySelectorAll(`#seat-${seat} .cards img.back`)].map((img) => img.alt)"


def war_seed(players: int, face_down: int) -> int:
    """The first seed whose first round is a war, with `face_down` cards face down."""
    return next(seed for seed in range(1000)
                if Game.new(players, seed=seed, face_down=face_down).play_round().wars)


def test_r7_a_three_card_game_from_the_form_shows_three_backs_a_seat_and_survives_a_reload(page: Page,
                                                                                          guard) -> None:
    seed = war_seed(2, 3)
    expected = Game.new(2, seed=seed, face_down=3)
    war = expected.play_round().to_dict()
    open_game(page)
    new_game(page, 2, seed, face_down=3)
    flip(page)
    shown = board(page)
    assert shown["cards"] == [expected_cards(war, seat) for seat in range(2)]
    assert shown["cards"][0].count("back") == 3  # three face down, then one face up
    for seat in range(2):
        assert page.evaluate(BACKS, seat) == ["A face-down card"] * 3  # never named, always said to be face down
    assert shown["pile"] == len(war["pile"]) == 10
    wait_still(page)  # said as it is seen, once the round's motion is over
    spoken = text(page.locator("[data-testid=status] .full"))
    assert "war!" in spoken and "Each player in the war puts 3 cards face down." in spoken
    variant = "This game is played with 3 cards face down in each war."
    expect(page.locator("[data-testid=rules-variant]")).to_have_text(variant)
    expect(page.locator("[data-testid=log-variant]")).to_have_text(variant)
    saved = record(page)
    assert saved["game"]["face_down"] == 3 and saved["settings"]["face_down"] == 3

    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(page.locator("[data-testid=face-down]")).to_have_value("3")
    expect(page.locator("[data-testid=rules-variant]")).to_have_text(variant)
    assert board(page)["cards"] == shown["cards"]  # the war is on the board again, its three backs a seat
    following = expected.play_round().to_dict()
    flip(page)
    assert board(page)["cards"] == [expected_cards(following, seat) for seat in range(2)]
    assert board(page)["counts"] == [len(hand) for hand in expected.hands]


def test_a_link_deals_a_three_card_game_and_sharing_it_says_so(page: Page, guard, visitor: Visitor) -> None:
    seed = war_seed(4, 3)
    expected = Game.new(4, seed=seed, face_down=3)
    war = expected.play_round().to_dict()
    open_game(page, f"fr/index.html?players=4&seed={seed}&down=3")
    assert "down=" not in page.url  # the link is used once
    expect(page.locator("[data-testid=face-down]")).to_have_value("3")
    flip(page)
    assert board(page)["cards"] == [expected_cards(war, seat) for seat in range(4)]
    assert all(cards.count("back") == 3 for cards in board(page)["cards"])
    page.click("[data-testid=share]")
    link = page.locator("#share-url").input_value()
    assert f"seed={seed}" in link and "down=3" in link and "order=" not in link

    other = visitor.context()  # nothing saved there
    theirs = other.new_page()
    theirs.goto(link)
    theirs.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    flip(theirs)
    assert board(theirs)["cards"] == board(page)["cards"]
    other.close()


def test_played_order_and_two_or_four_face_down_cards_grey_each_other_out(page: Page, guard) -> None:
    open_game(page)
    page.click("details.deal-options summary")
    played, two = page.locator("[data-testid=order-played]"), page.locator("[data-testid=face-down] option[value='2']")
    help_text = page.locator("#face-down-help")
    expect(help_text).to_contain_text("Two and four are not offered with the played order")
    assert played.get_attribute("aria-describedby") == "face-down-help"
    assert page.locator("[data-testid=face-down]").get_attribute("aria-describedby") == "face-down-help"

    page.select_option("[data-testid=face-down]", "2")
    expect(played).to_be_disabled()
    page.select_option("[data-testid=face-down]", "3")
    expect(played).to_be_enabled()
    page.check("[data-testid=order-played]")
    assert two.evaluate("(option) => option.disabled") is True
    assert page.locator("[data-testid=face-down] option[value='4']").evaluate("(option) => option.disabled") is True
    assert page.locator("[data-testid=face-down] option[value='3']").evaluate("(option) => option.disabled") is False
    page.check("[data-testid=order-shuffled]")
    assert two.evaluate("(option) => option.disabled") is False

    page.check("[data-testid=order-played]")
    new_game(page, 2, 5, order="played", face_down=3)  # and the game dealt is the one the form shows
    assert record(page)["game"]["face_down"] == 3 and record(page)["game"]["order"] == "played"


def test_an_imported_game_keeps_its_variant_and_the_form_shows_it(page: Page, guard, tmp_path: Path) -> None:
    game = Game.new(2, seed=31, face_down=2)
    for _ in range(5):
        game.play_round()
    file = tmp_path / "krig-round-5.json"
    file.write_text(json.dumps(game.to_dict()))
    open_game(page)
    expect(page.locator("[data-testid=face-down]")).to_have_value("1")
    page.click("#saving summary")
    page.set_input_files("[data-testid=import]", str(file))
    page.wait_for_function("() => document.getElementById('board').dataset.round === '5'")
    expect(page.locator("[data-testid=face-down]")).to_have_value("2")
    expect(page.locator("[data-testid=rules-variant]")).to_have_text(
        "This game is played with 2 cards face down in each war.")
    game.play_round()
    flip(page)
    assert board(page)["counts"] == [len(hand) for hand in game.hands]


def test_an_imported_game_of_two_face_down_cards_in_played_order_is_refused(page: Page, guard,
                                                                          tmp_path: Path) -> None:
    file = tmp_path / "krig-round-0.json"
    file.write_text(json.dumps(Game.new(2, seed=6, return_order="played", face_down=2).to_dict()))
    open_game(page)
    new_game(page, 2, 8)
    flip(page)
    page.click("#saving summary")
    page.set_input_files("[data-testid=import]", str(file))
    expect(page.locator("[data-testid=import-failed]")).to_be_visible()
    expect(page.locator("#import-failed-reason")).to_contain_text("which Krig does not offer")
    assert board(page)["round"] == "1"  # the game on screen goes on
    flip(page)
