"""The generator contract: splitmix64 words, an MSB-first bit stream, below() and shuffle()."""

from __future__ import annotations

from collections import Counter
from math import factorial

from hypothesis import given
from hypothesis import strategies as st

from krig.rng import MASK, Rng, derive, mix


def test_words_are_splitmix64() -> None:
    # reference values of splitmix64 seeded with 0
    rng = Rng(0)
    assert [rng.word() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_bits_read_each_word_from_its_most_significant_bit() -> None:
    word = Rng(9).word()
    rng = Rng(9)
    assert rng.bits(1) == word >> 63
    assert rng.bits(7) == (word >> 56) & 0x7F
    assert rng.bits(0) == 0
    assert rng.bits(56) == word & ((1 << 56) - 1)


@given(st.integers(0, MASK), st.lists(st.integers(0, 150), max_size=20))
def test_bits_are_one_stream_whatever_the_chunks(seed: int, sizes: list[int]) -> None:
    rng = Rng(seed)
    chunks = [rng.bits(k) for k in sizes]
    whole = Rng(seed).bits(sum(sizes))
    joined = 0
    for k, value in zip(sizes, chunks, strict=True):
        assert value < 1 << k or k == 0
        joined = joined << k | value
    assert joined == whole


def test_below_rejects_values_out_of_range() -> None:
    rng = Rng(3)
    stream = Rng(3)
    for n in (3, 5, 6, 52, 720):
        value = rng.below(n)
        k = (n - 1).bit_length()
        while (expected := stream.bits(k)) >= n:
            pass
        assert value == expected < n


def test_below_is_roughly_uniform() -> None:
    rng = Rng(1)
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(850 < count < 1150 for count in counts.values())


@given(st.integers(0, MASK), st.integers(0, 12))
def test_shuffle_is_fisher_yates_on_one_draw(seed: int, n: int) -> None:
    items = list(range(n))
    Rng(seed).shuffle(items)
    r = Rng(seed).below(factorial(n)) if n > 1 else 0
    expected = list(range(n))
    for i in range(n - 1, 0, -1):
        r, j = divmod(r, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected


def test_two_card_shuffle_costs_one_bit_and_one_keeps_the_order() -> None:
    for seed in range(20):
        bit = Rng(seed).bits(1)
        pile = ["a", "b"]
        rng = Rng(seed)
        rng.shuffle(pile)
        assert pile == (["a", "b"] if bit else ["b", "a"])
        check = Rng(seed)
        check.bits(1)
        assert rng == check


def test_all_six_card_orders_happen() -> None:
    rng = Rng(5)
    seen = set()
    for _ in range(20000):
        pile = bytearray(range(6))
        rng.shuffle(pile)
        seen.add(bytes(pile))
    assert len(seen) == 720


def test_state_round_trips_and_copies() -> None:
    rng = Rng(77)
    rng.bits(13)
    twin = Rng.from_state(rng.getstate())
    assert twin == rng and twin is not rng
    assert [rng.below(52) for _ in range(5)] == [twin.below(52) for _ in range(5)]
    assert rng.copy() == rng


def test_derive_is_fixed_and_small() -> None:
    assert derive(0, 0) == mix(0x9E3779B97F4A7C15) >> 11
    assert len({derive(seed, i) for seed in range(20) for i in range(50)}) == 1000
    assert all(derive(2**64 - 1, i) < 2**53 for i in range(10))
