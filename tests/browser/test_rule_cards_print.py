"""The printable rule cards in Debian's chromium: the PDF has exactly one page per game, and each
card, printed, fits its page (PDF and one PNG per card under ``test-artifacts/``)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from playwright.sync_api import Page

from solitaire_widgets.exercises.rulecards import RULE_CARDS

from .harness import ARTIFACTS_DIR, NetworkLog

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import rule_cards  # noqa: E402

A4 = {"width": 794, "height": 1123}  # CSS pixels at 96 dpi


def test_rule_cards_print_one_page_per_game(offline_page: Page, network_log: NetworkLog) -> None:
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    page = offline_page
    page.set_content(rule_cards.OUTPUT.read_text())  # the file as committed, no URL to fetch
    pdf = page.pdf(format="A4", print_background=True)
    (ARTIFACTS_DIR / "rule-cards.pdf").write_bytes(pdf)
    pages = re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf)
    assert len(pages) == len(RULE_CARDS), f"{len(pages)} pages for {len(RULE_CARDS)} games"
    page.emulate_media(media="print")
    page.set_viewport_size(A4)
    for variant, card_data in RULE_CARDS.items():
        card = page.locator(f"section.card#{variant}")
        png = card.screenshot(path=str(ARTIFACTS_DIR / f"rule-card-{variant}.png"))
        assert len(png) > 20_000, f"the {variant} card looks empty"
        overflow = card.evaluate("e => e.scrollHeight - e.clientHeight")
        assert overflow <= 0, f"the {variant} card runs {overflow}px past its page"
        text = card.inner_text()
        assert card_data.title in text and "Rulings" in text
        for rule in card_data.rules:
            assert rule.title in text
    network_log.assert_no_external_requests()
