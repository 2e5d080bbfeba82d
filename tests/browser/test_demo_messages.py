"""A message of the live panel is said beside the control that caused it, and is in view when it
appears: a refused "Replay with these settings" once said why 2,658 px above the viewport on a
laptop and 3,005 px on a phone, at the panel's head."""

from __future__ import annotations

import pytest

from browser_helpers import as_returning_visitor

from demo_helpers import open_demo, wake_engine

HAND = "playoff-beating"
APP = f"#demo-{HAND} .demo-app"
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_refused_replay_is_said_beside_its_button_and_in_view(site_server, browser, size):
    context = as_returning_visitor(browser.new_context(viewport=SIZES[size], has_touch=size == "phone",
                                                       is_mobile=size == "phone"), site_server)
    page = context.new_page()
    try:
        open_demo(page, site_server.url(f"en/{HAND}.html"))
        assert wake_engine(page, HAND) == "ready"
        page.click(f"{APP} .live-settings summary")
        page.fill(f"{APP} input[name=players]", "40")
        page.click(f"{APP} form[data-form=replay] button[type=submit]")
        page.wait_for_function(f"() => !document.querySelector('{APP} .live-message').classList.contains('is-hidden')")
        page.wait_for_timeout(500)  # the message is brought into view at the next frame
        where = page.evaluate(f"""() => {{
            const box = (sel) => document.querySelector(sel).getBoundingClientRect();
            const header = document.querySelector('.site-header');
            const sticky = ['sticky', 'fixed'].includes(getComputedStyle(header).position);
            return {{message: box('{APP} .live-message'), button: box('{APP} form[data-form=replay] button[type=submit]'),
                     header: sticky ? header.getBoundingClientRect().bottom : 0, height: innerHeight,
                     text: document.querySelector('{APP} .live-message').textContent}};
        }}""")
        assert "40" in where["text"] and "2 to 17" in where["text"], where["text"]
        message, button = where["message"], where["button"]
        assert message["top"] >= where["header"] - 0.5 and message["bottom"] <= where["height"] + 0.5, \
            f"the message is not in view: {where}"
        assert abs(message["top"] - button["bottom"]) < 120, f"the message is not beside its button: {where}"
    finally:
        context.close()
