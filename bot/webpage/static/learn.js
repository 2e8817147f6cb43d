// A game's tutorial: the step's picture, text and buttons. A press is sent to
// the server, which answers the step to show (the same one, saying why not,
// after a wrong press); the last step's 🎮 opens a table against the computer.
"use strict";

(() => {
  const { config, el, languageButtons } = window.playground;
  const $ = (id) => document.getElementById(id);

  function show(step, alert) {
    if (step.image) $("learn-picture").src = step.image;
    $("learn-picture").hidden = !step.image;
    $("learn-text").replaceChildren(...step.text.split("\n").map((line) => el("p", {}, line)));
    $("learn-buttons").replaceChildren(...step.buttons.map((row) => el("div", { class: "row" },
      ...row.map((button) => {
        const key = el("button", { type: "button", class: "key", "data-token": button.token },
          button.label);
        key.addEventListener("click", () => (button.play ? play(button.play) : press(button.token)));
        return key;
      }))));
    if (alert) window.playground.toast(alert);
    document.body.dataset.ready = "1";
  }

  async function press(token) {
    const data = await window.playground.post("/learn/press", { token, lang: config.lang });
    if (data) show(data, data.alert);
  }

  async function play(game) {
    const data = await window.playground.post("/api/rooms",
      { game, names: [config.you], lang: config.lang });
    if (data) window.location.href = data.url;
  }

  languageButtons((lang) => { window.location.search = "?lang=" + lang; });
  show(config.step, null);
})();
