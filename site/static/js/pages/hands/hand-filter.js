// @ts-check
// The hands page: show the hands that apply a paragraph and/or show an open question. The filter
// is kept in the address (#paragraph=p10&option=beat), so that it can be linked and survives the
// language switch. Without script every hand is listed.

/** @param {Document} doc */
export function wireHandFilter(doc = document) {
  const form = /** @type {HTMLFormElement|null} */ (doc.querySelector("form.hand-filter"));
  if (!form) return;
  const items = /** @type {HTMLElement[]} */ ([...doc.querySelectorAll(".hand-list .hand-item")]);
  const paragraph = /** @type {HTMLSelectElement} */ (form.elements.namedItem("paragraph"));
  const option = /** @type {HTMLSelectElement} */ (form.elements.namedItem("option"));
  const counter = /** @type {HTMLElement} */ (form.querySelector(".hand-filter-count"));
  const template = form.dataset.shown || "{n} / {total}";

  const choose = (/** @type {HTMLSelectElement} */ select, /** @type {string|null} */ value) => {
    select.value = value && [...select.options].some((o) => o.value === value) ? value : "";
  };
  const apply = (/** @type {boolean} */ remember) => {
    let shown = 0;
    for (const item of items) {
      const fits = (!paragraph.value || (item.dataset.paragraphs || "").split(" ").includes(paragraph.value)) &&
        (!option.value || (item.dataset.options || "").split(" ").includes(option.value));
      item.hidden = !fits;
      if (fits) shown += 1;
    }
    counter.textContent = template.replace("{n}", String(shown)).replace("{total}", String(items.length));
    if (remember) {
      const params = new URLSearchParams();
      if (paragraph.value) params.set("paragraph", paragraph.value);
      if (option.value) params.set("option", option.value);
      const hash = params.toString();
      history.replaceState(null, "", hash ? `#${hash}` : location.pathname + location.search);
    }
  };
  const fromHash = () => {
    const params = new URLSearchParams(location.hash.replace(/^#/, ""));
    choose(paragraph, params.get("paragraph"));
    choose(option, params.get("option"));
    apply(false);
  };
  form.hidden = false;
  form.addEventListener("change", () => apply(true));
  form.addEventListener("submit", (event) => event.preventDefault());
  window.addEventListener("hashchange", fromHash);
  fromHash();
}
