// kiosk/index.html: open the kiosk in its configured language (?lang=ru), keeping the whole
// configuration in the address (the kiosk comes back here, to that language, after each visitor).
const lang = new URLSearchParams(location.search).get("lang") === "ru" ? "ru" : "en";
location.replace(`${lang}.html${location.search}`);
