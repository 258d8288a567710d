"""Game files in JupyterLab (issue #12 item 1): the editor downloads the game as a .cgn file
with its tags, and opens one chosen in the page (read there, parsed by the kernel); a bad
file is refused with its line and the game stays. Each step also reads the kernel's state."""

from __future__ import annotations

from playwright.sync_api import expect

SETUP = (
    "import io\nfrom cernunos_widget import CernunosWidget\nw = CernunosWidget()\n"
    "w.load_games(io.StringIO('[Green \"Ann\"]\\n[Result \"*\"]\\nB@b2 B@b3\\n'))"
)
GOOD = '[Purple "Bo \\"B\\""]\n[Result "*"]\nD@a1 {opening}\nD@a2\n\n[Result "*"]\n'
BAD = '[Green "x"]\n[Result "*"]\nD@a1\nQ@z9\n'


def test_download_and_open_game_files(lab, tmp_path):
    nb = lab(SETUP)
    page, root = nb.page, nb.widget()
    editor = page.locator(".cw-root [data-role=editor]")
    status = editor.locator("[data-edit-game-status]")
    page.locator('.cw-root [data-action="edit"]').click()
    with page.expect_download() as info:
        editor.locator("[data-edit=download-cgn]").click()
    download = info.value
    assert download.suggested_filename == "game.cgn"
    saved = tmp_path / "game.cgn"
    download.save_as(saved)
    assert saved.read_text(encoding="utf-8") == '[Green "Ann"]\n[Result "*"]\nB@b2 B@b3\n'
    expect(status).to_have_text("Downloaded game.cgn.")

    chooser = editor.locator("[data-cgn-file]")
    chooser.set_input_files(files=[{"name": "bad.cgn", "mimeType": "text/plain",
                                    "buffer": BAD.encode()}])
    expect(status).to_contain_text("bad.cgn was not opened: line 4, game index 0")
    expect(status).to_contain_text("Q@z9")
    state = nb.kernel_state()
    assert state["game"] == '[Green "Ann"] [Result "*"] B@b2 B@b3' and "line 4" in state["message"]

    chooser.set_input_files(files=[{"name": "club.cgn", "mimeType": "text/plain",
                                    "buffer": GOOD.encode()}])
    expect(editor).to_be_hidden()
    expect(root).to_have_attribute("data-cpn", ".,.,.,./D,.,.,./D,.,.,. p 2 0-0")
    expect(page.locator(".cw-root [data-role=message]")).to_contain_text(
        "club.cgn: opened game 1 of the file"
    )
    assert nb.kernel_state()["game"] == '[Purple "Bo \\"B\\""] [Result "*"] D@a1 {opening} D@a2'
