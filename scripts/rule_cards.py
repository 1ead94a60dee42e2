"""Write the printable rule cards, one page per game: docs/teaching/rule-cards.html.

    python scripts/rule_cards.py            # write the file
    python scripts/rule_cards.py --check    # exit 1 if the file is not what the package makes

The cards come from ``solitaire_widgets.exercises.rulecards``: the layout is read off the
engine, and every rule and ruling has example moves that the tests play on the engine. Open the
file in a browser and print it (A4 or Letter, one card per page); the tests render it to PDF in
chromium and check that there is exactly one page per game.
"""

from __future__ import annotations

import argparse
import sys
from html import escape
from pathlib import Path

from solitaire_widgets.exercises.rulecards import RULE_CARDS, RuleCard
from solitaire_widgets.variants import get_variant

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "docs" / "teaching" / "rule-cards.html"

STYLE = """
  :root { --ink: #1a1a1a; --muted: #555; --line: #c9c9c9; --accent: #1f5f8b; }
  * { box-sizing: border-box; }
  body { margin: 0; color: var(--ink); background: #eee;
         font: 10.5pt/1.38 "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; }
  .card { background: #fff; width: 190mm; min-height: 270mm; margin: 8mm auto; padding: 12mm;
          box-shadow: 0 1px 4px rgba(0, 0, 0, .25); display: flex; flex-direction: column; }
  h1 { margin: 0 0 2mm; font-size: 24pt; color: var(--accent); }
  h2 { margin: 5mm 0 2mm; font-size: 13pt; border-bottom: 1px solid var(--line); }
  .summary { margin: 0; font-size: 12pt; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; vertical-align: top; padding: 1mm 2mm;
           border-bottom: 1px solid var(--line); }
  th { width: 28mm; font-family: "DejaVu Sans Mono", monospace; font-weight: normal; }
  ol, ul { margin: 0; padding-left: 7mm; }
  li { margin: 1.2mm 0; }
  code { font-family: "DejaVu Sans Mono", monospace; font-size: 10pt; }
  .lead { margin: 0 0 1mm; color: var(--muted); }
  footer { margin-top: auto; padding-top: 4mm; font-size: 8.5pt; color: var(--muted); }
  @page { size: A4; margin: 10mm; }
  @media print {
    body { background: #fff; }
    .card { width: auto; min-height: 0; height: 276mm; margin: 0; padding: 0; box-shadow: none;
            break-after: page; page-break-after: always; overflow: hidden; }
    .card:last-child { break-after: auto; page-break-after: auto; }
  }
"""


def notation(card: RuleCard) -> str:
    """The notation the game uses, from its piles and named moves."""
    rules = get_variant(card.variant)
    named = []
    if rules.waste >= 0:
        named.append("<code>S-W</code> (or <code>draw</code>) draws")
    if rules.has_deal:
        named.append("<code>deal</code> deals a round")
    if rules.redeals_allowed:
        named.append("<code>redeal</code> starts the next pass")
    example = next(  # a move of this game's own piles (Acme and Fly have no R1)
        e.move for rule in card.rules for e in rule.examples if e.legal and "-" in e.move
    )
    text = (
        "A move is <code>SOURCE-TARGET</code>: the top card of one pile onto another, like "
        f"<code>{escape(example)}</code>; <code>X-F</code> means the leftmost foundation that "
        "takes it. "
        f"Piles: <code>{escape(rules.pile_list())}</code>."
    )
    if named:
        text += " " + "; ".join(named) + "."
    return text + " Cards: rank then suit, <code>TH</code> or 10♥."


def card_html(card: RuleCard) -> str:
    layout = "\n".join(
        f"      <tr><th>{escape(piles)}</th><td>{escape(words)}</td></tr>"
        for piles, words in card.layout()
    )
    rules = "\n".join(
        f"      <li><strong>{escape(rule.title)}.</strong> {escape(rule.text)}</li>"
        for rule in card.rules
    )
    rulings = "\n".join(
        f"      <li><strong>{escape(rule.title)}.</strong> {escape(rule.text)}</li>"
        for rule in card.rulings
    )
    return f"""  <section class="card" id="{card.variant}">
    <h1>{escape(card.title)}</h1>
    <p class="summary">{escape(card.summary)}</p>
    <h2>At the deal</h2>
    <table>
{layout}
    </table>
    <h2>Rules</h2>
    <ol>
{rules}
    </ol>
    <h2>Rulings</h2>
    <p class="lead">Where the original rule text is unclear, the engine does this:</p>
    <ul>
{rulings}
    </ul>
    <h2>Notation</h2>
    <p>{notation(card)}</p>
    <footer>solitaire_widgets · {escape(card.title)} · made from the rulings the engine follows;
      every rule here comes with example moves that the tests play on the engine.</footer>
  </section>"""


def render() -> str:
    """The whole file: one card per game, in the tutorials' order."""
    cards = "\n".join(card_html(card) for card in RULE_CARDS.values())
    return f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Rule cards: {", ".join(escape(card.title) for card in RULE_CARDS.values())}</title>
  <style>{STYLE}  </style>
</head>
<body>
{cards}
</body>
</html>
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    html = render()
    if args.check:
        if not OUTPUT.exists() or OUTPUT.read_text() != html:
            print(f"{OUTPUT.relative_to(ROOT)} is out of date: run scripts/rule_cards.py")
            return 1
        return 0
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(html)
    print(f"wrote {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
