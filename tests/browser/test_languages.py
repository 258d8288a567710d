"""The board's language (issue #22 item 1): French from the constructor, switched live by
the ``language`` trait, kept by a static page. Each test reads the page's words and the
kernel's (the trait, the view the kernel computes)."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from cernunos_widget.widget.adapter import CernunosWidget

FR_PROMPT = "Vert pose un jeton (encore deux poses ce tour-ci)"
EN_PROMPT = "Green places a token (two placements left this turn)"
LANGUAGE_PROBE = (
    "import json\nprint(json.dumps({'language': w.language, "
    "'prompt': w.session.display.view(w.node)['prompt'], "
    "'settings': w.tree['settings']['language']}))"
)


def read(nb, index: int) -> dict:
    nb.run(index)
    return json.loads(nb.cell(index).locator(".jp-OutputArea-output").last.inner_text())


def test_a_french_board_switches_to_english_and_back_live(lab):
    nb = lab(
        "from cernunos_widget import CernunosWidget\nw = CernunosWidget(language='fr')",
        LANGUAGE_PROBE,
        "w.language = 'en'",
        "w.language = 'fr'",
    )
    page, root = nb.page, nb.widget()
    prompt = page.locator(".cw-root [data-role=prompt]")
    tree = page.locator('.cw-root [data-kind="T"][data-player="g"]')
    expect(prompt).to_have_text(FR_PROMPT)
    expect(root).to_have_attribute("lang", "fr")
    expect(tree).to_have_attribute("aria-label", "Arbre vert\u00a0: 12 en réserve")
    page.locator('.cw-root [data-cell="b2"]').click()  # no token picked: refused in French
    expect(page.locator(".cw-root [data-role=message]")).to_have_text(
        "Choisissez d’abord un jeton dans la réserve de Vert."
    )
    assert read(nb, 2) == {"language": "fr", "prompt": FR_PROMPT, "settings": "fr"}
    nb.run(3)  # w.language = "en", live
    expect(prompt).to_have_text(EN_PROMPT)
    expect(root).to_have_attribute("lang", "en")
    expect(tree).to_have_attribute("aria-label", "Green Tree: 12 in reserve")
    assert read(nb, 2) == {"language": "en", "prompt": EN_PROMPT, "settings": "en"}
    page.locator('.cw-root [data-kind="B"][data-player="g"]').click()
    page.locator('.cw-root [data-cell="b2"]').click()  # a placement after the switch
    expect(root).to_have_attribute("data-current", "1")
    expect(prompt).to_have_text("Green places a token (one placement left this turn)")
    nb.run(4)  # back to French: the new node's words too
    expect(prompt).to_have_text("Vert pose un jeton (encore une pose ce tour-ci)")
    state = nb.kernel_state()
    assert state["game"] == "B@b2" and state["current"] == 1
    assert read(nb, 2)["prompt"] == "Vert pose un jeton (encore une pose ce tour-ci)"


def test_a_static_page_keeps_the_boards_language_and_plays_in_it(page, offline, tmp_path):
    w = CernunosWidget(game="T@b2 B@b2", language="fr")
    path = tmp_path / "fr.html"
    w.to_html(path)
    page.goto(path.as_uri())
    root = page.locator(".cw-root").first
    expect(root).to_have_attribute("data-static", "true", timeout=30_000)
    prompt = page.locator(".cw-root [data-role=prompt]")
    expect(prompt).to_have_text("Violet pose un jeton (encore deux poses ce tour-ci)")
    expect(page.locator('.cw-root [data-action="back"]')).to_have_attribute("aria-label", "Retour")
    expect(page.locator('.cw-root [data-key="target"]')).to_have_text("cliquable")
    expect(page.locator('.cw-root [data-movelist] [data-node="2"]')).to_have_text("Sanglier b2")
    page.locator('.cw-root [data-kind="T"][data-player="p"]').click()
    page.locator('.cw-root [data-cell="b2"]').click()  # a power 1 Boar: refused, in French
    expect(page.locator(".cw-root [data-role=message]")).to_contain_text(
        "Impossible de poser l’Arbre en b2\u00a0: en b2, le Sanglier vert a une puissance de 1"
    )
    expect(root).to_have_attribute("data-current", "2")
    page.locator('.cw-root [data-kind="B"][data-player="p"]').click()
    page.locator('.cw-root [data-cell="b1"]').click()  # the page's own session answers
    expect(root).to_have_attribute("data-current", "3")
    expect(prompt).to_have_text("Violet pose un jeton (encore une pose ce tour-ci)")
    expect(page.locator(".cw-root [data-role=narration]")).to_contain_text(
        "En b1, le Sanglier violet décale le Sanglier vert de b2 vers b3."
    )
    assert offline == []
