// A seat page's pictures: each on a sheet with its tap targets, sized to its
// space and zoomed in steps, scrolled where it was; a target presses the move
// button it stands for. Loaded after ``playground.js``, before ``pages.js``.
"use strict";

(() => {
  const pg = window.playground;
  const { config, el, embedded } = pg;
  const T = config.text;

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

  // The picture and its targets on one sheet, sized by fitPicture.
  function drawPicture(img, image, box) {
    const targets = image.targets || [];
    const sheet = el("div", { class: "sheet" }, img,
      ...targets.filter((target) => target.box).map(drawTarget));
    // The table zooms in steps; a hand only while a card too small for a
    // finger is tapped (see magnify).
    const zoom = box.dataset.kind === "hand" ? [] : [zoomButtons(box.dataset.kind)];
    // The picture's decisions (no box): chips laid over its top while
    // their buttons are shown (see armDecisions).
    const tray = el("div", { class: "decisions", hidden: true });
    tray.patterns = targets.filter((target) => !target.box).map((target) => target.key);
    const picture = el("div", { class: "picture", "data-kind": box.dataset.kind },
      tray, sheet, ...zoom);
    img.addEventListener("load", () => fitPicture(picture));
    picture.addEventListener("scroll", () => {
      if (!picture.classList.contains("zoomed")) return;
      scrolled.set(box.dataset.kind, [picture.scrollLeft / sheet.offsetWidth,
        picture.scrollTop / sheet.offsetHeight]);
    });
    if (window.ResizeObserver) new ResizeObserver(() => fitPicture(picture)).observe(picture);
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

  // The strip − and + take along the bottom or the right of the picture's box
  // (44 px buttons, 4 px from the edges), in a row or a column.
  const ZOOM_STRIP = 52;

  // The picture as large as its space allows (twice its own size at most),
  // times the chosen zoom. At its own size it keeps clear of − and +: it
  // leaves them a strip under it or beside it, whichever shrinks it less
  // (zoomed in, it scrolls from under them).
  function fitPicture(picture) {
    const img = picture.querySelector("img");
    if (!img || !img.naturalWidth || !picture.isConnected) return;
    const buttons = picture.querySelector(".zoom");
    const zoom = zooms.get(picture.dataset.kind) || 1;
    const space = picture.getBoundingClientRect();
    const fit = (width, height) =>
      Math.max(0, Math.min(width / img.naturalWidth, height / img.naturalHeight, 2));
    let scale = fit(space.width, space.height);
    let [under, beside] = [0, 0];
    if (buttons) {
      const low = fit(space.width, space.height - ZOOM_STRIP);
      const narrow = fit(space.width - ZOOM_STRIP, space.height);
      scale = Math.max(low, narrow);
      if (low >= narrow) under = ZOOM_STRIP;
      else beside = ZOOM_STRIP;
      buttons.classList.toggle("column", zoom === 1 && beside > 0);
    }
    const sheet = picture.querySelector(".sheet");
    sheet.style.bottom = zoom > 1 ? "" : under + "px";
    sheet.style.right = zoom > 1 ? "" : beside + "px";
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
    const smaller = () => {
      const { width, height } = node.getBoundingClientRect();
      return Math.min(width, height);
    };
    if (smaller() >= TAP) return false;
    const kind = picture.dataset.kind;
    const now = zooms.get(kind) || 1;
    const larger = ZOOMS.filter((zoom) => zoom > now);
    if (!larger.length) return false;
    if (!magnified) magnified = { kind, zoom: now, at: stepOf(key.dataset.token).at };
    const sheet = picture.querySelector(".sheet");
    const before = sheet.getBoundingClientRect();
    const across = (event.clientX - before.left) / before.width;
    const down = (event.clientY - before.top) / before.height;
    // Each step measured as drawn: the sheet's size is whole pixels, so a
    // step that scales the target to 44 px exactly may draw it a fraction
    // short, and the next tap would zoom again instead of pressing.
    for (const zoom of larger) {
      zooms.set(kind, zoom);
      fitPicture(picture);
      if (smaller() >= TAP) break;
    }
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
    return keysFor(target)[0] || null;
  }

  // The shown move buttons a target stands for (several when its last key
  // ends in "*": every option starting so).
  function keysFor(target) {
    const steps = target.split(">")[0].split("/");
    const key = steps.pop();
    const fits = key.endsWith("*") ? (choice) => choice.startsWith(key.slice(0, -1))
      : (choice) => choice === key;
    return [...document.querySelectorAll(".stage button.key")].filter((button) => {
      if (!fits(button.choice || "") || button.disabled) return false;
      if (!steps.length) return true;
      const { at, depth } = stepOf(button.dataset.token);
      const before = trail.at === at ? trail.keys.slice(0, depth) : [];
      return before.slice(-steps.length).join("/") === steps.join("/");
    });
  }

  // A decision (a pass, a count, which of two moves) has nothing drawn to
  // tap: its chip, named as its button, lies over the picture's top while the
  // button is shown and no target on a picture stands for it.
  function armDecisions(armed) {
    for (const tray of document.querySelectorAll(".stage .decisions")) {
      const keys = tray.patterns.flatMap(keysFor).filter((key) => !armed.has(key));
      const chips = [...new Set(keys)].map((key) => {
        armed.add(key);
        const chip = el("button", { type: "button", class: "target decision", tabindex: -1,
          "data-target": key.choice, "aria-label": key.textContent }, key.textContent);
        chip.addEventListener("click", () => {
          then = null;
          key.click();
        });
        return chip;
      });
      tray.replaceChildren(...chips);
      tray.hidden = !chips.length;
    }
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
    for (const target of document.querySelectorAll(".target:not(.decision)")) {
      const key = keyFor(target.dataset.target);
      target.hidden = !key;
      if (key) {
        target.setAttribute("aria-label", key.textContent);
        armed.add(key);
      }
    }
    armDecisions(armed);
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

  Object.assign(pg, { seat, seatPicture: drawPicture, chose, armTargets });
})();
