"""Keys pressed faster than the kernel answers: each acts on the page's last navigation, and
late replies to older requests never move the board back (the race a loaded CI machine hit).

The page is the static export with its model's ``send`` replaced by a queue the test answers
by hand, in the order it chooses, as a slow kernel would.
"""

from __future__ import annotations

from playwright.sync_api import expect

from cernunos_widget.widget.adapter import CernunosWidget

START = ".,.,.,./.,.,.,./.,.,.,. g 2 0-0"
AFTER_B2 = ".,.,.,./.,B,.,./.,.,.,. g 1 0-0"
AFTER_B3 = ".,B,.,./.,.,.,./.,B,.,. p 2 0-0"

HELD_SEND = """send: (request) => { window.sent.push(request); },"""


def held_page(tmp_path, game: str):
    """The page of ``game`` with a kernel that answers only when the test says so."""
    html = CernunosWidget(game=game).to_html().replace('"static": true', '"static": false', 1)
    assert html.count("send: () => {},") == 1
    html = html.replace("send: () => {},", HELD_SEND, 1)
    html = html.replace("const listeners = {};", "const listeners = {}; window.sent = [];", 1)
    emit = (
        "const emit = (event, ...args) => { for (const f of listeners[event] || []) f(...args); };"
    )
    assert html.count(emit) == 1  # the page's stand-in model (static.STAND_IN)
    html = html.replace(
        emit,
        emit + "\nwindow.answer = (i, current) => emit('msg:custom', "
        "{ reply: window.sent[i].id, ok: true, patch: { current } });",
        1,
    )
    path = tmp_path / "held.html"
    path.write_text(html, encoding="utf-8")
    return path


def gotos(page) -> list[int]:
    return page.evaluate("window.sent.filter(r => r.type === 'goto').map(r => r.node)")


def test_a_late_reply_does_not_undo_a_newer_key(page, tmp_path):
    page.goto(held_page(tmp_path, "B@b2 B@b3 T@a1").as_uri())
    root = page.locator(".cw-root").first
    root.focus()
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(root).to_have_attribute("data-cpn", AFTER_B3)
    index = {node: i for i, node in enumerate(gotos(page))}  # request order by node
    page.evaluate(f"window.answer({index[0]}, 0)")  # the kernel answers Home...
    page.evaluate(f"window.answer({index[1]}, 1)")  # ...and the first ArrowRight, late
    expect(root).to_have_attribute("data-cpn", AFTER_B3)  # still where the keys left it
    page.keyboard.press("ArrowLeft")
    expect(root).to_have_attribute("data-cpn", AFTER_B2)
    assert gotos(page) == [0, 1, 2, 1]  # each key acted on the one before it
    page.evaluate(f"window.answer({index[2]}, 2)")  # the second ArrowRight's reply
    expect(root).to_have_attribute("data-cpn", AFTER_B2)
    page.evaluate("window.answer(window.sent.length - 1, 1)")  # the last key's reply rules
    expect(root).to_have_attribute("data-cpn", AFTER_B2)
    page.keyboard.press("Home")
    page.evaluate("window.answer(window.sent.length - 1, 0)")
    expect(root).to_have_attribute("data-cpn", START)


def test_the_reply_to_the_last_key_rules_when_the_kernel_moves_elsewhere(page, tmp_path):
    page.goto(held_page(tmp_path, "B@b2 B@b3 T@a1").as_uri())
    root = page.locator(".cw-root").first
    root.focus()
    page.keyboard.press("Home")
    expect(root).to_have_attribute("data-cpn", START)
    page.evaluate("window.answer(window.sent.length - 1, 1)")  # e.g. the node was refused
    expect(root).to_have_attribute("data-cpn", AFTER_B2)


def test_a_late_reply_to_an_earlier_request_keeps_a_newer_notice(page, tmp_path):
    """A notice given after a request was sent (a click on a cell with no token picked)
    stays when that request's reply comes (under load, JupyterLab tests lost it so)."""
    page.goto(held_page(tmp_path, "B@b2 B@b3 T@a1").as_uri())
    root = page.locator(".cw-root").first
    root.focus()
    page.keyboard.press("Home")  # a goto, answered late
    expect(root).to_have_attribute("data-cpn", START)
    page.locator('.cw-root [data-cell="b2"]').click()  # no token picked
    message = page.locator(".cw-root [data-role=message]")
    expect(message).to_contain_text("First pick a token")
    page.evaluate("window.answer(window.sent.length - 1, 0)")  # the goto's reply, ok
    expect(root).to_have_attribute("data-cpn", START)
    page.wait_for_timeout(200)
    expect(message).to_contain_text("First pick a token")


def test_a_kind_picked_again_before_the_reply_places_the_next_token(page, tmp_path):
    """Green places twice a turn (R-13): a player who picks the Boar again before the kernel
    has answered the first placement places the second, not a toggled-off pick (under load,
    a JupyterLab test's second click found no token picked)."""
    page.goto(held_page(tmp_path, "").as_uri())
    root = page.locator(".cw-root").first
    boar = page.locator('.cw-root [data-kind="B"][data-player="g"]')
    boar.click()
    page.locator('.cw-root [data-cell="b2"]').click()  # sent; the kernel has not answered
    boar.click()
    page.locator('.cw-root [data-cell="b3"]').click()
    plays = "window.sent.filter(r => r.type === 'play').map(r => r.decision)"
    expect(root).to_have_attribute("data-cpn", START)  # the page waits for the kernel
    page.wait_for_function(f"{plays}.length === 2")
    assert page.evaluate(plays) == ["B@b2", "B@b3"]
    expect(page.locator(".cw-root [data-role=message]")).not_to_contain_text("First pick")
