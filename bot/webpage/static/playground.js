// The playground's pages. Each fetches its view as JSON, draws it, and fetches
// again whenever the server says the room changed (over a WebSocket). All
// text comes from the server, already translated; names typed by players are
// only ever put in the page as text, never as markup.
//
// The pages' scripts load in order, this one first: it draws a message;
// ``seat.js`` adds a seat page's pictures (zoom, tap targets) and
// ``pages.js`` the pages themselves, running the one asked for. What they
// share goes through ``window.playground``, filled as each one loads.
"use strict";

(() => {
  const config = JSON.parse(document.getElementById("pg-config").textContent);
  const T = config.text;
  const $ = (id) => document.getElementById(id);
  const embedded = window.self !== window.top;
  if (embedded) document.body.classList.add("embedded");
  // Opened by a chat platform (a Telegram Mini App), the page signs every
  // request with what the platform gave it, and names its table from there.
  const tg = config.telegram && window.Telegram ? window.Telegram.WebApp : null;
  const signed = tg && tg.initData ? { "X-Telegram-Init-Data": tg.initData } : {};
  if (config.telegram) {
    document.body.classList.add("telegram");
    const table = new URLSearchParams(window.location.search).get("table")
      || (tg && tg.initDataUnsafe && tg.initDataUnsafe.start_param) || "";
    config.base = `api/${encodeURIComponent(table)}/`;
  }

  // A page with a script of its own (the replay viewer, a tutorial) draws with
  // these too.
  const pg = {};
  window.playground = pg;

  // -- small helpers ----------------------------------------------------------

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (value !== null && value !== undefined && value !== false) {
        node.setAttribute(name, value === true ? "" : String(value));
      }
    }
    node.append(...children);
    return node;
  }

  let toastTimer = null;
  function toast(text) {
    const box = $("toast");
    box.textContent = text;
    box.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { box.hidden = true; }, 5000);
  }

  // POST JSON; a refusal is shown to the person and gives null.
  async function post(url, body) {
    let response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...signed },
        body: JSON.stringify(body),
      });
    } catch (error) {
      toast(T.failed);
      return null;
    }
    let data = null;
    try {
      data = await response.json();
    } catch (error) {
      data = null;
    }
    if (!response.ok || !data || !data.ok) {
      toast((data && data.error) || T.failed);
      return null;
    }
    return data;
  }

  async function getJSON(url) {
    const response = await fetch(url, { cache: "no-store", headers: signed });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.json();
  }

  // Fetch-and-draw now and after every change of the room, told over a
  // WebSocket. Changes that come while a fetch runs cause one more fetch, not
  // one each; a lost connection is retried, and fetches again once back.
  // Awaited, a run ends once what was asked for is drawn (that one more too).
  function live(refresh) {
    let running = null;
    let again = false;
    async function fetchAll() {
      try {
        do {
          again = false;
          try {
            await refresh();
            document.body.dataset.ready = "1";
          } catch (error) {
            console.error(error);
          }
        } while (again);
      } finally {
        running = null;
      }
    }
    function run() {
      if (running) {
        again = true;
      } else {
        running = fetchAll();
      }
      return running;
    }
    const address = new URL(config.base + "events", window.location.href);
    address.protocol = window.location.protocol === "https:" ? "wss:" : "ws:";
    if (signed["X-Telegram-Init-Data"]) address.searchParams.set("auth", signed["X-Telegram-Init-Data"]);
    let delay = 500;
    function connect() {
      const socket = new WebSocket(address);
      socket.addEventListener("open", () => {
        delay = 500;
        $("offline").hidden = true;
      });
      socket.addEventListener("message", run);
      socket.addEventListener("close", () => {
        $("offline").hidden = false;
        setTimeout(connect, delay);
        delay = Math.min(delay * 2, 10000);
      });
    }
    connect();
    run();
    return run;
  }

  const prefs = {
    get(name, fallback) {
      const value = localStorage.getItem("pg-" + name);
      return value === null ? fallback : value === "1";
    },
    set(name, on) {
      localStorage.setItem("pg-" + name, on ? "1" : "0");
    },
  };

  // Pictures fit their column unless the player asked for their own size.
  function applyFit() {
    document.body.classList.toggle("fit", prefs.get("fit", true));
  }
  applyFit();
  // The room's page and the panels inside it share the choice.
  window.addEventListener("storage", applyFit);

  // -- a message: picture, text, keyboard -----------------------------------

  // Kinds of pictures opened at their own size on the room's page.
  const opened = new Set();

  function drawPicture(image, box) {
    const img = el("img", {
      src: image.url,
      alt: "",
      width: image.width,
      height: image.height,
      "data-key": image.key || "",
    });
    if (image.width) box.style.setProperty("--width", image.width + "px");
    if (image.width && image.height) box.style.setProperty("--ratio", image.width + " / " + image.height);
    box.classList.add("with-image");
    if (pg.seat) return pg.seatPicture(img, image, box);
    const picture = el("div", { class: "picture" }, img);
    img.addEventListener("load", () => {
      fitToWindow(box);
      reportHeight();
    });
    // A fitted picture opens at its own size on a tap (and back on another),
    // and stays so when the message is drawn anew.
    const kind = box.dataset.kind || "";
    box.classList.toggle("zoomed", opened.has(kind));
    img.addEventListener("click", () => {
      if (box.classList.toggle("zoomed")) opened.add(kind);
      else opened.delete(kind);
      reportHeight();
    });
    return picture;
  }

  function drawKeyboard(buttons, press) {
    const keyboard = el("div", { class: "keyboard" });
    for (const row of buttons) {
      const line = el("div", { class: "row" });
      for (const button of row) {
        if (button.url) {
          line.append(el("a", { class: "key", href: button.url, target: "_blank", rel: "noopener" },
            button.label));
          continue;
        }
        // A placeholder keeps a field keyboard's shape and does nothing.
        const key = el("button", {
          type: "button",
          class: button.noop ? "key noop" : "key",
          "data-token": button.token,
          "data-key": button.key,
          disabled: button.noop,
        }, button.label);
        key.choice = button.key;
        key.addEventListener("click", async () => {
          if (button.key) pg.chose(button);
          keyboard.classList.add("busy");
          try {
            await press(button.token);
          } finally {
            keyboard.classList.remove("busy");
          }
        });
        line.append(key);
      }
      keyboard.append(line);
    }
    return keyboard;
  }

  function drawMessage(message, press) {
    const box = el("article", { class: "message", "data-kind": message.kind });
    // Too wide for its column, the picture scrolls; its text and buttons stay in view.
    if (message.image) box.append(drawPicture(message.image, box));
    if (message.text) box.append(el("div", { class: "text" }, message.text));
    if (message.buttons.length) box.append(drawKeyboard(message.buttons, press));
    return box;
  }

  // A notice said again and again ("Your turn") is one line with a count,
  // at the time it was last said. A counted round's picture is an entry of
  // its own, small; its words are its picture's alt text.
  function drawLog(list, entries) {
    // A chat platform's page has none: its chat tells the events.
    if (!list) return;
    const runs = [];
    for (const entry of entries) {
      const last = runs[runs.length - 1];
      if (last && !last.image && !entry.image && last.text === entry.text) {
        last.count += 1;
        last.at = entry.at;
      } else {
        runs.push({ text: entry.text, image: entry.image, at: entry.at, count: 1 });
      }
    }
    const items = runs.map((run) => el("li", {},
      el("time", {}, new Date(run.at * 1000).toLocaleTimeString(config.lang)), " ",
      run.image ? drawShot(run.image, run.text) : run.text,
      run.count > 1 ? el("span", { class: "repeat" }, " ×" + run.count) : ""));
    list.replaceChildren(...(items.length ? items : [el("li", { class: "empty" }, T.logEmpty)]));
    list.scrollTop = list.scrollHeight;
  }

  // The picture sized to the log's column (its size given, so the log
  // scrolls to its end before the picture arrives); a tap opens it large.
  function drawShot(image, text) {
    const img = el("img", { src: image.url, alt: text, title: text,
      width: image.width || null, height: image.height || null });
    const open = el("button", { type: "button", class: "shot" }, img);
    open.addEventListener("click", () => showPicture(image.url, text));
    return open;
  }

  // A picture over the page, as large as the window allows up to its own
  // size; a tap on it shows it at its own size (it then scrolls), as a
  // table's picture does. Esc, ✕ or a tap beside it closes it.
  function showPicture(url, text) {
    let viewer = $("picture-viewer");
    if (!viewer) {
      viewer = el("dialog", { id: "picture-viewer" });
      viewer.addEventListener("click", (event) => {
        if (event.target === viewer) viewer.close();
      });
      document.body.append(viewer);
    }
    const img = el("img", { src: url, alt: text });
    img.addEventListener("click", () => viewer.classList.toggle("zoomed"));
    const close = el("button", { type: "button", class: "close", "aria-label": T.closePicture,
      title: T.closePicture }, "✕");
    close.addEventListener("click", () => viewer.close());
    viewer.classList.remove("zoomed");
    viewer.setAttribute("aria-label", text);
    viewer.replaceChildren(close, img);
    viewer.showModal();
  }

  // A fitted picture leaves its message's text and buttons in the window: on
  // a wide screen the table and what the player presses are seen together.
  function fitToWindow(box) {
    const img = box.querySelector("img");
    if (embedded || !img || !box.isConnected) return;
    const rest = box.getBoundingClientRect().height - img.getBoundingClientRect().height;
    const top = Math.min(box.getBoundingClientRect().top + window.scrollY, 170);
    const room = Math.max(160, window.innerHeight - top - rest - 16);
    box.style.setProperty("--fit-height", room + "px");
  }
  window.addEventListener("resize", () => {
    for (const box of document.querySelectorAll(".message.with-image")) fitToWindow(box);
  });

  // Inside the room's page a panel tells its frame how tall it is.
  function reportHeight() {
    if (embedded) {
      const height = Math.ceil(document.body.getBoundingClientRect().height);
      // What is not the hand's picture: the room leaves it room in the window.
      const img = document.querySelector("#hand img");
      const rest = height - (img ? Math.ceil(img.getBoundingClientRect().height) : 0);
      window.parent.postMessage({ pgHeight: height, pgRest: rest }, window.location.origin);
    }
  }

  // A finished game's replay viewer, through this page's own link (in a
  // Mini App, a button that has the bot send the replay: offered or not).
  function showReplay(url) {
    if (!$("replay")) return;
    $("replay").hidden = !url;
    if (typeof url === "string") $("replay").href = url;
  }

  function languageButtons(onPick) {
    for (const button of document.querySelectorAll("button.lang")) {
      button.addEventListener("click", () => onPick(button.dataset.lang));
    }
  }

  Object.assign(pg, {
    config, tg, signed, embedded,
    el, toast, post, getJSON, live, prefs, applyFit,
    drawMessage, drawKeyboard, drawLog, showReplay, reportHeight, languageButtons,
  });
})();
