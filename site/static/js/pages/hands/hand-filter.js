// @ts-check
// The hands page: show the hands that apply a paragraph and/or show an open question. The filter
// is kept in the address (#paragraph=p10&option=beat), so that it can be linked and survives the
// language switch. Without script every hand is listed. The filter's state is the two choices;
// render() draws the form, the list and the count from it, once per change.

/** @typedef {{paragraph: string, option: string}} Filter */

/**
 * The filter a hash asks for, each choice kept only if the form offers it.
 * @param {string} hash @param {{paragraphs: string[], options: string[]}} offered @returns {Filter}
 */
export function filterOf(hash, offered) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const pick = (/** @type {string|null} */ value, /** @type {string[]} */ values) => (value && values.includes(value) ? value : "");
  return { paragraph: pick(params.get("paragraph"), offered.paragraphs), option: pick(params.get("option"), offered.options) };
}

/** The address's fragment for a filter ("" when it filters nothing). @param {Filter} filter */
export function hashOf(filter) {
  const params = new URLSearchParams();
  if (filter.paragraph) params.set("paragraph", filter.paragraph);
  if (filter.option) params.set("option", filter.option);
  return params.toString();
}

/** Whether a hand (its data-paragraphs and data-options) fits. @param {Filter} filter @param {DOMStringMap} hand */
function fits(filter, hand) {
  const has = (/** @type {string|undefined} */ list, /** @type {string} */ value) => (list || "").split(" ").includes(value);
  return (!filter.paragraph || has(hand.paragraphs, filter.paragraph)) && (!filter.option || has(hand.options, filter.option));
}

/** @param {Document} doc */
export function wireHandFilter(doc = document) {
  const form = /** @type {HTMLFormElement|null} */ (doc.querySelector("form.hand-filter"));
  if (!form) return;
  const refs = {
    items: /** @type {HTMLElement[]} */ ([...doc.querySelectorAll(".hand-list .hand-item")]),
    paragraph: /** @type {HTMLSelectElement} */ (form.elements.namedItem("paragraph")),
    option: /** @type {HTMLSelectElement} */ (form.elements.namedItem("option")),
    counter: /** @type {HTMLElement} */ (form.querySelector(".hand-filter-count")),
    template: form.dataset.shown || "{n} / {total}",
  };
  const values = (/** @type {HTMLSelectElement} */ select) => [...select.options].map((o) => o.value).filter(Boolean);
  const offered = { paragraphs: values(refs.paragraph), options: values(refs.option) };

  const render = (/** @type {Filter} */ filter) => {
    refs.paragraph.value = filter.paragraph;
    refs.option.value = filter.option;
    let shown = 0;
    for (const item of refs.items) {
      item.hidden = !fits(filter, item.dataset);
      if (!item.hidden) shown += 1;
    }
    refs.counter.textContent = refs.template.replace("{n}", String(shown)).replace("{total}", String(refs.items.length));
  };
  // The visitor's choice is written into the address (replaced: the back button leaves the page);
  // an address changed by the visitor is read back.
  const chosen = () => {
    const filter = { paragraph: refs.paragraph.value, option: refs.option.value };
    const hash = hashOf(filter);
    history.replaceState(null, "", hash ? `#${hash}` : location.pathname + location.search);
    render(filter);
  };
  form.hidden = false;
  form.addEventListener("change", chosen);
  form.addEventListener("submit", (event) => event.preventDefault());
  window.addEventListener("hashchange", () => render(filterOf(location.hash, offered)));
  render(filterOf(location.hash, offered));
}
