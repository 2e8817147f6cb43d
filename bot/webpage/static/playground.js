// The playground's pages. Each fetches its view as JSON, draws it, and fetches
// again whenever the server says the room changed (over a WebSocket). All
// text comes from the server, already translated; names typed by players are
// only ever put in the page as text, never as markup.
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

  // On a player's own page (not inside the room's page) the table, the hand
  // and the moves share one screen: pictures are sized to the space the
  // layout leaves them (see fitPicture), and zoom in steps.
  const seat = config.page === "panel" && !embedded;
  if (seat) document.body.classList.add("seat");
  const ZOOMS = [1, 1.5, 2, 3, 4];
  const zooms = new Map();
  // Where a zoomed picture was scrolled to (shares of it), per kind: the
  // picture drawn anew after a move shows the same part.
  const scrolled = new Map();
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
    if (seat) {
      // The picture and its targets on one sheet, sized by fitPicture.
      const sheet = el("div", { class: "sheet" }, img, ...(image.targets || []).map(drawTarget));
      // The table zooms in steps; a hand only while a card too small for a
      // finger is tapped (see magnify).
      const zoom = box.dataset.kind === "hand" ? [] : [zoomButtons(box.dataset.kind)];
      const picture = el("div", { class: "picture", "data-kind": box.dataset.kind }, sheet, ...zoom);
      img.addEventListener("load", () => fitPicture(picture));
      picture.addEventListener("scroll", () => {
        if (!picture.classList.contains("zoomed")) return;
        scrolled.set(box.dataset.kind, [picture.scrollLeft / sheet.offsetWidth,
          picture.scrollTop / sheet.offsetHeight]);
      });
      if (window.ResizeObserver) new ResizeObserver(() => fitPicture(picture)).observe(picture);
      return picture;
    }
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

  // − and + in a picture's corner: its size in steps, kept per kind of picture
  // while the page lives; bigger than its space, the picture scrolls.
  function zoomButtons(kind) {
    const step = (by) => {
      const at = ZOOMS.indexOf(zooms.get(kind) || 1);
      zooms.set(kind, ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, at + by))]);
      fitPicture(minus.closest(".picture"));
    };
    const minus = el("button", { type: "button", class: "zoom-out", "aria-label": T.zoomOut,
      title: T.zoomOut }, "−");
    const plus = el("button", { type: "button", class: "zoom-in", "aria-label": T.zoomIn,
      title: T.zoomIn }, "+");
    minus.addEventListener("click", () => step(-1));
    plus.addEventListener("click", () => step(1));
    return el("div", { class: "zoom", "data-kind": kind }, minus, plus);
  }

  // The picture as large as its space allows (twice its own size at most),
  // times the chosen zoom.
  function fitPicture(picture) {
    const img = picture.querySelector("img");
    if (!img || !img.naturalWidth || !picture.isConnected) return;
    const buttons = picture.querySelector(".zoom");
    const zoom = zooms.get(picture.dataset.kind) || 1;
    const space = picture.getBoundingClientRect();
    const scale = Math.min(space.width / img.naturalWidth, space.height / img.naturalHeight, 2);
    const sheet = picture.querySelector(".sheet");
    sheet.style.width = Math.max(1, Math.floor(img.naturalWidth * scale * zoom)) + "px";
    sheet.style.height = Math.max(1, Math.floor(img.naturalHeight * scale * zoom)) + "px";
    picture.classList.toggle("zoomed", zoom > 1);
    picture.dataset.zoom = String(zoom);
    const [across, down] = scrolled.get(picture.dataset.kind) || [0, 0];
    if (zoom > 1) {
      picture.scrollLeft = across * sheet.offsetWidth;
      picture.scrollTop = down * sheet.offsetHeight;
    }
    if (!buttons) return;
    const [minus, plus] = buttons.querySelectorAll("button");
    minus.disabled = zoom === ZOOMS[0];
    plus.disabled = zoom === ZOOMS[ZOOMS.length - 1];
  }

  // A target on a picture stands for the move button with its key ("a/b":
  // the option b once a was chosen on the way to it, "a/b/c" once a then b;
  // "a>b": a, then b at the next step). It is offered while that button is
  // shown, and tapping it presses that button: the buttons stay, for
  // keyboards and screen readers, and the tap is the very same press.
  // The keys chosen on the way to the menu shown, by its table and version.
  let trail = { at: "", keys: [] };
  // The next key of a two-step target, pressed once its menu is drawn.
  let then = null;
  function drawTarget(target) {
    const [x0, y0, x1, y1] = target.box;
    const node = el("button", { type: "button", class: "target", tabindex: -1,
      "data-target": target.key, hidden: true });
    node.style.left = x0 * 100 + "%";
    node.style.top = y0 * 100 + "%";
    node.style.width = (x1 - x0) * 100 + "%";
    node.style.height = (y1 - y0) * 100 + "%";
    node.addEventListener("click", (event) => {
      const key = keyFor(target.key);
      if (!key || magnify(node, event, key)) return;
      const second = target.key.split(">")[1];
      then = second ? { key: second, from: key.dataset.token, ...stepOf(key.dataset.token) } : null;
      key.click();
    });
    return node;
  }

  // A tap target is 44 px at least: a smaller one's first tap zooms its
  // picture in (to the first step that makes it so) around the finger, and
  // the next tap presses.
  const TAP = 44;
  // Such a zoom lasts while the move is made: once made (or the menu gone),
  // the picture is back at the zoom it had.
  let magnified = null;
  function magnify(node, event, key) {
    const picture = node.closest(".picture");
    const { width, height } = node.getBoundingClientRect();
    const small = Math.min(width, height);
    if (small >= TAP) return false;
    const kind = picture.dataset.kind;
    const now = zooms.get(kind) || 1;
    const want = ZOOMS.find((zoom) => zoom > now && (small * zoom) / now >= TAP) || ZOOMS[ZOOMS.length - 1];
    if (want === now) return false;
    if (!magnified) magnified = { kind, zoom: now, at: stepOf(key.dataset.token).at };
    const sheet = picture.querySelector(".sheet");
    const before = sheet.getBoundingClientRect();
    const across = (event.clientX - before.left) / before.width;
    const down = (event.clientY - before.top) / before.height;
    zooms.set(kind, want);
    fitPicture(picture);
    const after = sheet.getBoundingClientRect();
    picture.scrollLeft += after.left + across * after.width - event.clientX;
    picture.scrollTop += after.top + down * after.height - event.clientY;
    return true;
  }

  // A move button's table and version, and how deep in its menu it stands.
  function stepOf(token) {
    const parts = (token || "").split(":");
    return { at: parts.slice(1, 3).join(":"), depth: parts[4] ? parts[4].split(".").length - 1 : 0 };
  }

  function chose(button) {
    const { at, depth } = stepOf(button.token);
    const kept = trail.at === at ? trail.keys.slice(0, depth) : [];
    trail = { at, keys: [...kept, button.key] };
  }

  function keyFor(target) {
    const steps = target.split(">")[0].split("/");
    const key = steps.pop();
    const button = [...document.querySelectorAll(".stage button.key")]
      .find((b) => b.choice === key && !b.disabled);
    if (!button || !steps.length) return button || null;
    const { at, depth } = stepOf(button.dataset.token);
    const before = trail.at === at ? trail.keys.slice(0, depth) : [];
    return before.slice(-steps.length).join("/") === steps.join("/") ? button : null;
  }

  // When this many of a keyboard's keys stand for targets, their rows keep
  // to a strip that scrolls, and the pictures (where the taps are) take the
  // room; the other keys (back, hint…) stay in sight.
  const STRIP = 4;
  function armTargets() {
    const menu = document.querySelector(".stage button.key[data-key]");
    if (magnified && (!menu || stepOf(menu.dataset.token).at !== magnified.at)) {
      zooms.set(magnified.kind, magnified.zoom);
      scrolled.delete(magnified.kind);
      magnified = null;
    }
    const armed = new Set();
    for (const target of document.querySelectorAll(".target")) {
      const key = keyFor(target.dataset.target);
      target.hidden = !key;
      if (key) {
        target.setAttribute("aria-label", key.textContent);
        armed.add(key);
      }
    }
    for (const keyboard of document.querySelectorAll(".stage .keyboard")) {
      const rows = [...keyboard.children].filter((row) => row.classList.contains("row"));
      const counts = rows.map((row) => [...row.children].filter((key) => armed.has(key)).length);
      if (counts.reduce((a, b) => a + b, 0) < STRIP) continue;
      const strip = el("div", { class: "strip" });
      const tapped = rows.filter((_, i) => counts[i]);
      tapped[0].before(strip);
      strip.append(...tapped);
    }
    // A two-step target's second press, on the menu its first one opened
    // (a refused first press opens none, and the second is dropped).
    if (!then || document.querySelector(`.stage button.key[data-token="${then.from}"]`)) return;
    const next = keyFor(then.key);
    const step = next && stepOf(next.dataset.token);
    const opened = step && step.at === then.at && step.depth === then.depth + 1;
    then = null;
    if (opened) next.click();
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
          if (button.key) chose(button);
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

  // -- the home page ---------------------------------------------------------

  function home() {
    const form = $("new-table");
    const names = $("names");
    const chosen = () => form.querySelector("input[name=game]:checked");
    function addName() {
      const number = names.children.length + 1;
      names.append(el("li", {}, el("input", {
        name: "name",
        maxlength: 32,
        required: true,
        value: config.defaultName.replace("{n}", number),
      })));
    }
    // One name is enough: the lobby then offers computer players.
    function fitNames() {
      const max = Number(chosen().dataset.max);
      while (names.children.length > max) names.lastElementChild.remove();
      $("more-players").disabled = names.children.length >= max;
      $("fewer-players").disabled = names.children.length <= 1;
    }
    form.addEventListener("change", fitNames);
    $("more-players").addEventListener("click", () => { addName(); fitNames(); });
    $("fewer-players").addEventListener("click", () => { names.lastElementChild.remove(); fitNames(); });
    async function create(all) {
      $("create").disabled = $("solo").disabled = true;
      const typed = [...names.querySelectorAll("input")].map((input) => input.value);
      const data = await post("/api/rooms", {
        game: chosen().value,
        names: all ? typed : typed.slice(0, 1),
        lang: config.lang,
      });
      $("create").disabled = $("solo").disabled = false;
      if (data) window.location.href = data.url;
    }
    form.addEventListener("submit", (event) => { event.preventDefault(); create(true); });
    $("solo").addEventListener("click", () => { if (form.reportValidity()) create(false); });
    languageButtons((lang) => { window.location.search = "?lang=" + lang; });
    fitNames();
    document.body.dataset.ready = "1";
  }

  // -- a room: the group chat view and every player's panel ------------------

  function room() {
    const select = $("press-as");
    const frames = new Map();
    let view = null;
    let shown = null;
    let movers = null;
    const follow = $("follow");
    const side = $("side");
    const fit = $("fit");
    follow.checked = prefs.get("follow", true);
    side.checked = prefs.get("side", false);
    fit.checked = prefs.get("fit", true);
    const layout = () => document.body.classList.toggle("side-by-side", side.checked);
    layout();
    follow.addEventListener("change", () => prefs.set("follow", follow.checked));
    side.addEventListener("change", () => { prefs.set("side", side.checked); layout(); });
    fit.addEventListener("change", () => { prefs.set("fit", fit.checked); applyFit(); });

    const who = () => Number(select.value);
    function label(player) {
      return [
        player.to_move ? T.toMove : "",
        player.name,
        player.bot ? T.bot : "",
        player.index === view.host ? T.host : "",
      ].filter(Boolean).join(" ");
    }

    function show(index) {
      shown = index;
      for (const [at, frame] of frames) {
        const on = at === index;
        frame.tab.classList.toggle("active", on);
        frame.tab.setAttribute("aria-selected", String(on));
        frame.box.classList.toggle("active", on);
      }
    }

    function drawPlayers() {
      const before = select.value;
      select.replaceChildren(...view.players.map((player) =>
        el("option", { value: player.index }, label(player))));
      if (view.players.some((player) => String(player.index) === before)) {
        select.value = before;
      } else if (view.host !== null) {
        select.value = String(view.host);
      }
      for (const player of view.players) {
        // Shared on a network, a room shows only the panels whose links it holds.
        if (!player.panel) continue;
        if (!frames.has(player.index)) {
          const tab = el("button", { type: "button", role: "tab", class: "tab",
            "data-player": player.index });
          tab.addEventListener("click", () => show(player.index));
          const frame = el("iframe", { src: player.panel, title: player.name,
            "data-player": player.index, class: "panel-frame" });
          const open = el("a", { href: player.panel, target: "_blank", rel: "noopener",
            class: "open" }, T.openPanel);
          const box = el("div", { class: "panel-box", role: "tabpanel",
            "data-player": player.index }, frame, open);
          $("tabs").append(tab);
          $("panels").append(box);
          frames.set(player.index, { tab, frame, box });
        }
        const { tab, box } = frames.get(player.index);
        tab.textContent = label(player);
        tab.classList.toggle("to-move", player.to_move);
        box.classList.toggle("to-move", player.to_move);
      }
      if (shown === null && view.players.length) show(view.host !== null ? view.host : 0);
    }

    // When the turn passes, press as the player to move and show their panel.
    function followTurn() {
      const now = view.players.filter((player) => player.to_move).map((player) => player.index);
      const key = now.join(",");
      if (key === movers) return;
      movers = key;
      if (!now.length || !follow.checked) return;
      if (!now.includes(who())) select.value = String(now[0]);
      if (!now.includes(shown)) show(now[0]);
    }

    async function refresh() {
      view = await getJSON(config.base + "state");
      if (view.game !== config.game) {
        // A new table of another game: its rules and title are in the page.
        window.location.reload();
        return;
      }
      drawPlayers();
      followTurn();
      $("messages").replaceChildren(...view.messages.map((message) => drawMessage(message, press)));
      drawLog($("log"), view.log);
      const over = view.status !== "lobby" && view.status !== "playing";
      $("again-box").hidden = !over;
      $("stop").hidden = over;
      showReplay(view.replay);
    }
    const run = live(refresh);

    async function press(token) {
      await post(config.base + "press", { token, player: who() });
      await run();
    }
    $("stop").addEventListener("click", async () => {
      await post(config.base + "stop", { player: who() });
      await run();
    });
    $("again").addEventListener("click", async () => {
      await post(config.base + "again", { game: $("again-game").value });
      await run();
    });
    $("add-player").addEventListener("submit", async (event) => {
      event.preventDefault();
      const input = event.target.elements.name;
      if (await post(config.base + "players", { name: input.value })) input.value = "";
      await run();
    });
    window.addEventListener("message", (event) => {
      if (event.origin !== window.location.origin || !event.data || !event.data.pgHeight) return;
      for (const { frame } of frames.values()) {
        if (frame.contentWindow === event.source) {
          frame.style.height = event.data.pgHeight + "px";
          frame.dataset.rest = event.data.pgRest;
          tellRoom(frame);
        }
      }
    });
    // A panel's hand picture is as tall as leaves its caption and buttons in
    // the window beside (or below) the table.
    function tellRoom(frame) {
      const top = Math.max(0, frame.getBoundingClientRect().top + window.scrollY);
      const rest = Number(frame.dataset.rest || 240);
      const room = Math.max(160, window.innerHeight - Math.min(top, 200) - rest - 16);
      frame.contentWindow.postMessage({ pgFitHeight: room }, window.location.origin);
    }
    window.addEventListener("resize", () => {
      for (const { frame } of frames.values()) tellRoom(frame);
    });
    languageButtons(async (lang) => {
      if (await post(config.base + "lang", { lang })) window.location.reload();
    });
  }

  // -- a player's own page ---------------------------------------------------

  // A picture's share of a phone's column: its height at the column's width,
  // the table's counted half as much again (it is what the page is for).
  function share(area, image, weight) {
    const width = document.documentElement.clientWidth - 12;
    const height = image && image.width ? image.height * Math.min(1, width / image.width) : 0;
    area.style.setProperty("--grow", String(Math.round(height * weight)));
  }

  // In Telegram: its colours, its back button (a step back in the menu, or
  // closing), and a buzz when the turn comes.
  function telegram() {
    if (!tg) return;
    tg.ready();
    if (tg.expand) tg.expand();
    const theme = tg.themeParams || {};
    const colours = { "--bar": theme.header_bg_color || theme.button_color,
      "--wallpaper": theme.bg_color, "--bubble": theme.secondary_bg_color,
      "--text": theme.text_color, "--key": theme.button_color };
    for (const [name, value] of Object.entries(colours)) {
      if (value) document.documentElement.style.setProperty(name, value);
    }
    if (tg.BackButton) {
      tg.BackButton.show();
      tg.BackButton.onClick(() => {
        const back = [...document.querySelectorAll(".stage button.key")]
          .find((key) => key.textContent.startsWith("⬅"));
        if (back) back.click(); else tg.close();
      });
    }
  }

  function buzz() {
    if (tg && tg.HapticFeedback) tg.HapticFeedback.notificationOccurred("success");
    else if (navigator.vibrate) navigator.vibrate(60);
  }

  function panel() {
    if (config.telegram && !signed["X-Telegram-Init-Data"]) {
      // Outside Telegram nobody is signed in: say where the table opens.
      $("table-area").replaceChildren(el("article", { class: "message" },
        el("div", { class: "text" }, T.openInTelegram)));
      document.body.dataset.ready = "1";
      return;
    }
    telegram();
    // Inside the room's page the table is drawn by the room itself.
    const state = config.base + "state" + (embedded ? "" : "?public=1");
    const title = document.title;
    let myTurn = false;
    async function refresh() {
      const view = await getJSON(state);
      // The page speaks its reader's language (a platform's page learns it here).
      if (config.telegram && view.lang !== config.lang) {
        const query = new URLSearchParams(window.location.search);
        query.set("lang", view.lang);
        window.location.replace("?" + query);
        return;
      }
      $("hand").replaceChildren(drawMessage(view.message, (token) => press(token, false)));
      // A game played on the table itself has no hand to show beside it.
      document.querySelector(".panel").hidden = seat && view.message.kind === "elsewhere";
      drawLog($("private-log"), view.log);
      document.body.classList.toggle("my-turn", view.to_move);
      const lead = view.public ? drawPublic(view.public, view.to_move) : null;
      if (seat) armTargets();
      share(document.querySelector(".panel"), view.message.image, 1);
      if (lead) share($("table-area"), lead.image, 1.5);
      reportHeight();
    }
    // The table's picture and caption lead the page, its buttons (and a
    // question to answer) under them; before the game, the lobby stands there.
    function drawPublic(pub, ownTurn) {
      const pressPublic = (token) => press(token, true);
      const table = pub.messages.find((message) => message.kind === "table");
      const lead = table || pub.messages.find((message) => message.kind === "lobby");
      const rest = pub.messages.filter((message) => message !== lead && message.kind !== "question");
      const questions = pub.messages.filter((message) => message.kind === "question");
      $("table-area").replaceChildren(...(lead
        ? [drawMessage(table ? { ...table, buttons: [] } : lead, pressPublic)] : []));
      const controls = questions.map((message) => drawMessage(message, pressPublic));
      if (table && table.buttons.length) {
        controls.unshift(el("div", { class: "message keys" }, drawKeyboard(table.buttons, pressPublic)));
      }
      $("controls").replaceChildren(...controls);
      for (const caption of $("table-area").querySelectorAll(".text")) {
        caption.scrollTop = caption.scrollHeight;
      }
      $("messages").replaceChildren(...rest.map((message) => drawMessage(message, pressPublic)));
      drawLog($("log"), pub.log);
      const over = pub.status !== "lobby" && pub.status !== "playing";
      // A Mini App says whether the reader may stop (a player may, a spectator not).
      if ($("stop")) $("stop").hidden = over || pub.stop === false;
      showReplay(pub.replay);
      // The turn shows in the tab's title, and a phone buzzes once when it comes.
      const turn = ownTurn || pub.players.some((player) => player.to_move && player.index === config.index);
      document.title = turn ? `${T.yourTurn} · ${title}` : title;
      if (turn && !myTurn) buzz();
      myTurn = turn;
      return lead;
    }
    const run = live(refresh);
    // What became of the press (a question answered, the replay sent) is said.
    const told = (data) => { if (data && data.said) toast(data.said); };
    async function press(token, isPublic) {
      told(await post(config.base + "press", { token, public: isPublic }));
      await run();
    }
    if ($("stop")) {
      $("stop").addEventListener("click", async () => {
        await post(config.base + "stop", {});
        await run();
        // The question, or the vote, is answered beside the table.
        if ($("controls").children.length) document.querySelector(".stage").scrollIntoView();
      });
    }
    if (config.telegram) {
      $("replay").addEventListener("click", async () => told(await post(config.base + "replay", {})));
    } else if ($("stop")) {
      languageButtons(async (lang) => {
        if (await post(config.base + "lang", { lang })) window.location.reload();
      });
    }
    if (window.ResizeObserver) new ResizeObserver(reportHeight).observe(document.body);
    window.addEventListener("message", (event) => {
      if (event.origin !== window.location.origin || !event.data || !event.data.pgFitHeight) return;
      document.body.style.setProperty("--fit-height", event.data.pgFitHeight + "px");
    });
  }

  function missing() {
    languageButtons((lang) => { window.location.search = "?lang=" + lang; });
  }

  // A page with a script of its own (the replay viewer, a tutorial) draws with these.
  window.playground = { config, el, languageButtons, post, toast };
  const pages = { home, room, panel, missing, "learn-list": missing };
  if (pages[config.page]) pages[config.page]();
})();
