// @ts-check
// The switch of a demo that shows one open question of the text (`::: demo HAND switch=KEY`): the
// option's readings as the engine's catalogue names them. Choosing one replays the same deal
// under it (replay.js); the build proved that every reading changes the game. A number option
// (or the suit fines) is typed and shown with a button.

import { option, t } from "../../lib/catalogue.js";
import { h, uniqueId } from "../../lib/dom.js";

/**
 * @param {string} key the option
 * @returns {{el: HTMLElement, key: string, radios: HTMLInputElement[], input: HTMLInputElement|null,
 *   fieldset: HTMLFieldSetElement}|null}
 */
export function createSwitch(key) {
  const info = option(key);
  if (!info) return null;
  const name = uniqueId(`switch-${key}`);
  /** @type {HTMLInputElement[]} */
  const radios = [];
  /** @type {HTMLInputElement|null} */
  let input = null;
  let controls;
  if (info.kind === "choice") {
    controls = h("div", { class: "switch-choices" }, info.choices.map((choice) => {
      const id = uniqueId(name);
      const radio = /** @type {HTMLInputElement} */ (h("input", { type: "radio", class: "switch-radio", name, id, value: choice.value }));
      radios.push(radio);
      const label = choice.value === String(info.default) ? t("switch_default", { label: choice.label }) : choice.label;
      return h("span", { class: "switch-choice" }, [radio, h("label", { for: id, text: label })]);
    }));
  } else {
    const id = uniqueId(name);
    input = /** @type {HTMLInputElement} */ (h("input", {
      id, name: `switch.${key}`, type: info.kind === "number" ? "number" : "text", class: "switch-input",
      min: info.kind === "number" ? info.minimum : null, step: info.kind === "number" ? 1 : null,
      inputmode: info.kind === "number" ? "numeric" : null, autocomplete: "off", spellcheck: "false",
      "aria-label": info.label,
    }));
    controls = h("form", { class: "switch-form", "data-form": "switch", novalidate: true }, [
      input, h("button", { type: "submit", class: "switch-show", text: t("switch_show") }),
    ]);
  }
  const fieldset = /** @type {HTMLFieldSetElement} */ (h("fieldset", { class: "demo-switch", "data-switch": key }, [
    h("legend", { text: t("switch_legend", { label: info.label }) }), controls,
  ]));
  return { el: fieldset, key, radios, input, fieldset };
}

/**
 * @param {NonNullable<ReturnType<typeof createSwitch>>} refs
 * @param {{value: string, disabled: boolean}} ctx the reading shown; whether the switch may be used now
 */
export function updateSwitch(refs, ctx) {
  refs.fieldset.disabled = ctx.disabled;
  for (const radio of refs.radios) {
    const checked = radio.value === ctx.value;
    if (radio.checked !== checked) radio.checked = checked;
  }
  if (refs.input && document.activeElement !== refs.input && refs.input.value !== ctx.value) refs.input.value = ctx.value;
}

/** The reading the visitor chose. @param {NonNullable<ReturnType<typeof createSwitch>>} refs */
export function readSwitch(refs) {
  if (refs.input) return refs.input.value.trim();
  const chosen = refs.radios.find((radio) => radio.checked);
  return chosen ? chosen.value : "";
}
