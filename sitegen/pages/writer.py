"""The page that writes a hand, {lang}/write.html (site/templates/write.html, site/static/js/pages/writer/).

It embeds a first game to start from (four players, the defaults, dealt and played by the computer
players) and the engine's catalogue with the writer's words; its script does the rest with the
live engine (engine/writer.py)."""

from __future__ import annotations

from engine import limits
from engine.options import Options, Table
from engine.record import Record
from engine.trace import for_page, trace
from engine.words import count

from ..i18n import DEMO_STRINGS
from ..render import Inputs, NavLink, PageType, Site
from ..sources import LANGS

WRITE_PAGE = "write.html"
WRITER_CSS = "css/writer.css"
START_PLAYERS, START_SEED = 4, 1  # the game the writer page starts from
MAX_LINK_CHARS = limits.MAX_LINK_CHARS  # (the page reads it from the catalogue)

# The page's words.
STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "nav_write": "Write a hand",
        "write_title": "Write a hand",
        "write_intro": "Play a game here, or let the computer players play it; write notes on the steps you want "
                       "to explain; then download the record or share it by a link. A record from a file or a "
                       "link opens here too.",
        "write_noscript": "This page needs JavaScript: the engine runs in your browser.",
    },
    "ru": {
        "nav_write": "Записать партию",
        "write_title": "Записать партию",
        "write_intro": "Сыграйте здесь кон или дайте сыграть его игрокам-компьютерам, напишите примечания к шагам, "
                       "которые хотите объяснить, а потом скачайте запись или поделитесь ссылкой на неё. Здесь же "
                       "открываются записи из файла и по ссылке.",
        "write_noscript": "Для этой страницы нужен JavaScript: движок работает в вашем браузере.",
    },
}

# The writer's own words, which its script reads from the page's catalogue beside the demo's.
WRITER_STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "writer_heading": "Your notes",
        "writer_hint": "A note belongs to the step shown above: step through the game and write where you want to "
                       "explain. Write in English, in Russian or in both; a note written in one language only is "
                       "put in the record in both places, to be translated later.",
        "note_at_step": "Step {n}: {sentence}",
        "note_en": "Note in English",
        "note_ru": "Note in Russian",
        "note_saved": "The note on step {n} is kept.",
        "note_removed": "The note on step {n} is removed.",
        "remove_note": "Remove this note",
        "notes_list": "The notes of this hand",
        "notes_none": "No notes yet.",
        "note_goto": "Step {n}",
        "notes_dropped": "The game shown changed, and notes no longer fit its steps, so they were removed: "
                         "steps {steps}.",
        "save_heading": "Save and share",
        "download": "Download the record (.toml)",
        "copy_link": "Copy a link to this hand",
        "link_label": "The link (the whole hand is in it)",
        "link_copied": "The link is copied; its length: {chars}. Whoever opens it sees this hand with "
                       "its notes.",
        "link_not_copied": "The browser did not let the page copy the link: it is selected below, copy it yourself.",
        "link_too_long": "This hand is too long for a link: the link would have {chars}, and a link "
                         "from here has at most {most}. Download the record and send the file instead.",
        "no_compression": "This browser cannot pack a hand into a link (it lacks CompressionStream). Download the "
                          "record and send the file instead.",
        "downloaded": "The record is downloaded: {file}.",
        "finished_by_computer": "The game was not over: in the record the computer players finish it.",
        "write_refused": "The engine did not write the hand: {why}",
        "open_heading": "Open a hand",
        "open_file": "Open a record file (.toml)",
        "drop_here": "…or drop a record file here.",
        "opening": "Opening the hand…",
        "opened_file": "Opened {file}: {steps}, with its notes.",
        "opened_link": "The hand in the link is open: {steps}, with its notes.",
        "file_refused": "This file cannot be opened: {why}",
        "link_refused": "The hand in this link cannot be opened: {why}",
        "link_name": "link",
        "link_damaged": "The link is damaged or incomplete: the hand it carries cannot be read. Ask for the link "
                        "again, or for the record file.",
        "file_not_text": "{file} is not a record: a record is a text file (UTF-8).",
        "file_too_big": "{file} is too large for a record: {size} kB, and a record file has at most {most} kB (a "
                        "record takes a few kB).",
        "note_too_long": "Characters in this note: {chars}, and a note has at most {most}. Shorten it: it cannot be "
                         "written as it is.",
        "engine_unavailable": "The live engine is not available, so a hand can be neither written nor opened. "
                              "Reload the page to try again.",
    },
    "ru": {
        "writer_heading": "Ваши примечания",
        "writer_hint": "Примечание относится к шагу, показанному выше: пройдите партию по шагам и пишите там, где "
                       "хотите что-то объяснить. Пишите по-английски, по-русски или на обоих языках; примечание "
                       "только на одном языке попадёт в запись в оба поля, чтобы его перевели потом.",
        "note_at_step": "Шаг {n}: {sentence}",
        "note_en": "Примечание по-английски",
        "note_ru": "Примечание по-русски",
        "note_saved": "Примечание к шагу {n} сохранено.",
        "note_removed": "Примечание к шагу {n} удалено.",
        "remove_note": "Удалить это примечание",
        "notes_list": "Примечания к партии",
        "notes_none": "Примечаний пока нет.",
        "note_goto": "Шаг {n}",
        "notes_dropped": "Показанная партия изменилась, и к её шагам примечания больше не подходят, поэтому они "
                         "удалены. Шаги: {steps}.",
        "save_heading": "Сохранить и поделиться",
        "download": "Скачать запись (.toml)",
        "copy_link": "Скопировать ссылку на партию",
        "link_label": "Ссылка (в ней вся партия)",
        "link_copied": "Ссылка скопирована, её длина — {chars}. Кто её откроет, увидит эту партию с примечаниями.",
        "link_not_copied": "Браузер не дал странице скопировать ссылку: она выделена ниже, скопируйте её сами.",
        "link_too_long": "Партия слишком длинная для ссылки: ссылка заняла бы {chars}, а можно не больше {most}. "
                         "Скачайте запись и отправьте файл.",
        "no_compression": "Этот браузер не умеет упаковать партию в ссылку (в нём нет CompressionStream). Скачайте "
                          "запись и отправьте файл.",
        "downloaded": "Запись скачана: {file}.",
        "finished_by_computer": "Кон не был окончен: в записи его доигрывают игроки-компьютеры.",
        "write_refused": "Движок не записал партию: {why}",
        "open_heading": "Открыть партию",
        "open_file": "Открыть файл записи (.toml)",
        "drop_here": "…или перетащите файл записи сюда.",
        "opening": "Партия открывается…",
        "opened_file": "Открыт файл {file}: {steps}, с примечаниями.",
        "opened_link": "Партия из ссылки открыта: {steps}, с примечаниями.",
        "file_refused": "Этот файл открыть нельзя: {why}",
        "link_refused": "Партию из этой ссылки открыть нельзя: {why}",
        "link_name": "ссылка",
        "link_damaged": "Ссылка повреждена или обрезана: партию из неё прочитать нельзя. Попросите ссылку ещё раз "
                        "или файл записи.",
        "file_not_text": "Файл {file} — не запись партии: запись — это текстовый файл (UTF-8).",
        "file_too_big": "Файл {file} слишком велик для записи: {size} КБ, а можно не больше {most} КБ (запись "
                        "занимает несколько КБ).",
        "note_too_long": "Знаков в примечании: {chars}, а можно не больше {most}. Сократите его: в таком виде его "
                         "не записать.",
        "engine_unavailable": "Движок недоступен, поэтому ни записать, ни открыть партию нельзя. Перезагрузите "
                              "страницу и попробуйте ещё раз.",
    },
}


def nav(inputs: Inputs, lang: str) -> NavLink:
    return NavLink(WRITE_PAGE, "nav_write", "write")


def render(site: Site) -> None:
    for lang in LANGS:
        write_page(site, lang)


def write_page(site: Site, lang: str) -> None:
    """{lang}/write.html: play a game, note its steps, download it or share it by link, open one."""
    t = site.strings[lang]
    told = trace(Record(Table.default(START_PLAYERS, lang), Options(), seed=START_SEED))
    page_trace = for_page(told, lang)
    setup = {**told["game"], "actions": [], "notes": []}  # a replay or a seat starts from the deal
    strings = {**DEMO_STRINGS[lang], **WRITER_STRINGS[lang]}
    context = site.common(lang, "../", t["write_title"])
    context["nav"] = site.nav(lang, "write", WRITE_PAGE)
    context["stylesheets"] = [*context["stylesheets"], f"../assets/{WRITER_CSS}"]
    context.update(
        trace=page_trace, setup=setup,
        caption=DEMO_STRINGS[lang]["demo_caption"].format(players=count(START_PLAYERS, "player", lang),
                                                          steps=count(len(page_trace["steps"]), "step", lang)),
        catalogue={**site.catalogues[lang], "strings": strings},
        source_paragraphs={p["id"]: {"ru": p["ru"], "en": p["en"]} for p in site.inputs.text.paragraphs()},
        writer_js="../assets/js/pages/writer/main.js",
    )
    site.page(f"{lang}/{WRITE_PAGE}", "write.html", context)


PAGE_TYPE = PageType("writer", render, STRINGS, nav, place=60)
