// The pages: the home page, a room (the group chat view and every player's
// panel), a player's own page. Loaded last of the shared scripts, this one
// runs the page asked for (a page's own script, if any, comes after it).
"use strict";

(() => {
  const {
    config, tg, signed, embedded, el, toast, post, getJSON, live, prefs, applyFit,
    drawMessage, drawKeyboard, drawLog, showReplay, reportHeight, languageButtons,
    seat, armTargets,
  } = window.playground;
  const T = config.text;
  const $ = (id) => document.getElementById(id);

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
    // The view last drawn: the same view again (a live update after the
    // press's own refresh) draws nothing anew, so a tap is never lost to the
    // page being drawn again under the finger.
    let drawn = "";
    async function refresh() {
      const view = await getJSON(state);
      // The page speaks its reader's language (a platform's page learns it here).
      if (config.telegram && view.lang !== config.lang) {
        const query = new URLSearchParams(window.location.search);
        query.set("lang", view.lang);
        window.location.replace("?" + query);
        return;
      }
      const text = JSON.stringify(view);
      if (text === drawn) return;
      drawn = text;
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

  const pages = { home, room, panel, missing, "learn-list": missing };
  if (pages[config.page]) pages[config.page]();
})();
