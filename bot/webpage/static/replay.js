// The replay viewer of a finished game: its frames one at a time, stepped
// with buttons, the slider or the arrow keys, or played. Every frame's caption
// is in the page already; each picture is fetched when it is shown (the next
// one just before), and swapped in only once it has loaded.
"use strict";

(() => {
  const { config, el, languageButtons } = window.playground;
  const $ = (id) => document.getElementById(id);
  const captions = config.captions;
  const total = captions.length;
  const slider = $("slider");
  const play = $("play");
  let number = 1;
  let playing = false;
  let timer = null;
  let loading = null;
  let tallest = 0;

  // The picture's box grows to the tallest frame yet, as drawn at its width
  // (the style keeps it within the window), and never shrinks back.
  function fit(image) {
    const box = $("frame").parentElement;
    if (!image.naturalWidth) return;
    const scale = Math.min(1, box.clientWidth / image.naturalWidth);
    tallest = Math.max(tallest, image.naturalHeight * scale);
    box.style.setProperty("--tallest", `${Math.ceil(tallest)}px`);
  }
  window.addEventListener("resize", () => {
    tallest = 0;
    fit($("frame"));
  });

  // The frame is swapped in once it is loaded, so the picture never blinks.
  async function load(wanted) {
    const image = new Image();
    image.src = `${wanted}.png`;
    try {
      await image.decode();
    } catch (error) {
      return;
    }
    if (wanted !== number) return;
    fit(image);
    $("frame").src = image.src;
    $("frame").dataset.number = String(wanted);
    document.body.dataset.ready = "1";
    // The next one is asked for early: stepping on and playing do not wait.
    if (wanted < total) new Image().src = `${wanted + 1}.png`;
  }

  // ``delay``: while the slider is dragged, only where it stops is fetched.
  function show(wanted, delay = 0) {
    number = Math.min(total, Math.max(1, wanted));
    slider.value = String(number);
    $("counter").textContent = `${number} / ${total}`;
    const [head, ...lines] = captions[number - 1];
    $("caption").replaceChildren(el("b", { class: "mover" }, head),
      ...lines.map((line) => el("span", { class: "action" }, line)));
    $("first").disabled = $("prev").disabled = number === 1;
    $("next").disabled = $("last").disabled = number === total;
    clearTimeout(loading);
    const shown = number;
    return new Promise((done) => {
      loading = setTimeout(() => load(shown).then(done), delay);
    });
  }

  function setPlaying(on) {
    playing = on;
    clearTimeout(timer);
    play.classList.toggle("playing", on);
    play.setAttribute("aria-label", on ? config.pause : config.play);
    play.title = on ? config.pause : config.play;
    if (on) advance();
  }
  // Each frame shows for ``delay`` once it is in: a slow frame is not skipped.
  function advance() {
    timer = setTimeout(async () => {
      if (!playing) return;
      if (number >= total) {
        setPlaying(false);
        return;
      }
      await show(number + 1);
      if (playing) advance();
    }, config.delay);
  }
  // Stepping by hand stops the playing.
  function step(wanted, delay) {
    setPlaying(false);
    show(wanted, delay);
  }

  $("first").addEventListener("click", () => step(1));
  $("prev").addEventListener("click", () => step(number - 1));
  $("next").addEventListener("click", () => step(number + 1));
  $("last").addEventListener("click", () => step(total));
  play.addEventListener("click", async () => {
    if (playing) {
      setPlaying(false);
      return;
    }
    // Played to the end, it starts again from the deal.
    if (number === total) await show(1);
    setPlaying(true);
  });
  slider.addEventListener("input", () => step(Number(slider.value), 150));
  const keys = { ArrowLeft: () => number - 1, ArrowRight: () => number + 1,
    Home: () => 1, End: () => total };
  document.addEventListener("keydown", (event) => {
    // The slider moves itself with the arrow keys.
    if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === " " && event.target.tagName !== "BUTTON") {
      event.preventDefault();
      play.click();
    } else if (keys[event.key]) {
      event.preventDefault();
      step(keys[event.key]());
    }
  });
  languageButtons((lang) => { window.location.search = "?lang=" + lang; });
  show(1);
})();
