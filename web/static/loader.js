// Loads the WebAssembly program with a progress bar that counts real
// bytes against the size that the build wrote into the page, then says
// "Starting…" while the program is compiled and started. The app removes
// #loading on its first frame.
//
// The same loader serves two pages. The site that `make web` builds names
// the program's file in data-wasm and fetches it. The single file that
// `make single` builds has no files to fetch: it carries the program
// gzipped and base64-encoded in the element that data-inline names, and
// unpacks it here. Both give a stream of the program's bytes, and from
// there on the progress, compiling and starting are one path.
(() => {
  "use strict";
  // Read while this script runs: document.currentScript is null later.
  const script = document.currentScript;
  const wasmURL = script.dataset.wasm;
  const inlineID = script.dataset.inline;
  // The raw size: the browser hands us decompressed bytes whatever the
  // server sent (and we unpack the inline copy ourselves), so this is the
  // right total for brotli, gzip or none.
  const total = Number(script.dataset.bytes) || 0;
  let fill, bar, status;
  let shown = -1;

  // The loading screen speaks the language the app will: the link's
  // ?lang=, else the first of the browser's languages the app has, else
  // English (the same choice as lang.Match and lang.Prefer in Go). A test
  // holds this table to the app's languages.
  const words = {
    "en": { loading: "Loading the simulation…", of: "of", starting: "Starting…", failed: "vnodes could not start:", mb: "MB" },
    "es": { loading: "Cargando la simulación…", of: "de", starting: "Arrancando…", failed: "vnodes no pudo arrancar:", mb: "MB" },
    "de": { loading: "Die Simulation wird geladen …", of: "von", starting: "Wird gestartet …", failed: "vnodes konnte nicht starten:", mb: "MB" },
    "fr": { loading: "Chargement de la simulation…", of: "sur", starting: "Démarrage…", failed: "vnodes n’a pas pu démarrer\u00a0:", mb: "Mo" },
    "pt-BR": { loading: "Carregando a simulação…", of: "de", starting: "Iniciando…", failed: "O vnodes não conseguiu iniciar:", mb: "MB" },
  };
  const match = (asked) => {
    const a = String(asked || "").trim().toLowerCase().replace(/_/g, "-");
    if (!a) return "";
    const tags = Object.keys(words);
    const exact = tags.find((t) => t.toLowerCase() === a);
    if (exact) return exact;
    const base = a.split("-")[0];
    return tags.find((t) => t.toLowerCase().split("-")[0] === base) || "";
  };
  const chosen = () => {
    const asked = new URLSearchParams(location.search).getAll("lang").pop();
    const fromLink = match(asked);
    if (fromLink) return fromLink;
    for (const l of navigator.languages || [navigator.language]) {
      const t = match(l);
      if (t) return t;
    }
    return "en";
  };
  const tag = chosen();
  const say = words[tag];
  document.documentElement.lang = tag;
  // The catalog of another language is fetched now, while the program
  // downloads and compiles, rather than after it starts (lang.Load takes
  // it from here). English needs none; the single file carries them all.
  if (tag !== "en" && wasmURL) {
    window.vnodesCatalog = { tag, text: fetch("lang-" + tag + ".json").then((r) => r.ok ? r.text() : Promise.reject(new Error("HTTP " + r.status))) };
    window.vnodesCatalog.text.catch(() => {}); // lang.Load reports a failure
  }
  const mb = (n) => (n / 1e6).toLocaleString(tag, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

  const show = (fraction, text) => {
    const pct = Math.round(Math.min(1, fraction) * 100);
    if (pct !== shown) {
      shown = pct;
      fill.style.width = pct + "%";
      bar.setAttribute("aria-valuenow", String(pct));
    }
    if (text !== status.textContent) status.textContent = text;
  };
  const progress = (received) => {
    if (total > 0) {
      show(0.9 * received / total, say.loading + " " + mb(received) + " " + say.of + " " + mb(total) + "\u00a0" + say.mb);
    } else {
      show(0.5, say.loading + " " + mb(received) + "\u00a0" + say.mb);
    }
  };
  const starting = () => show(0.95, say.starting);
  const fail = (err) => {
    status.textContent = say.failed + " " + (err && err.message ? err.message : err);
    status.className = "error";
  };

  // counted passes the body through, reporting each chunk; done is
  // called once the last byte has arrived.
  const counted = (body, done) => {
    let received = 0;
    return body.pipeThrough(new TransformStream({
      transform(chunk, controller) {
        received += chunk.byteLength;
        progress(received);
        controller.enqueue(chunk);
      },
      flush() { done(); },
    }));
  };

  // fetched asks the server for the program.
  async function fetched() {
    const response = await fetch(wasmURL);
    if (!response.ok) throw new Error(wasmURL + ": HTTP " + response.status);
    return response;
  }

  // fromBase64 decodes one piece of the inline copy; browsers from before
  // Uint8Array.fromBase64 go through atob.
  const fromBase64 = (text) => {
    if (Uint8Array.fromBase64) return Uint8Array.fromBase64(text);
    const bin = atob(text);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  };

  // unpacked reads the program from the page itself. It is decoded a
  // megabyte at a time, as the gunzip asks for more, so the bar moves as
  // it would on a download and the whole decoded copy never sits in memory
  // beside the text. The result is a Response, so that the rest of the
  // path cannot tell it from a fetched one.
  function unpacked() {
    const holder = document.getElementById(inlineID);
    if (!holder) throw new Error("the page lacks its program (#" + inlineID + "): rebuild it with make single");
    if (typeof DecompressionStream !== "function" || typeof ReadableStream !== "function") {
      throw new Error("this browser cannot unpack the program (no DecompressionStream): use a newer one");
    }
    let text = holder.textContent.trim();
    holder.remove(); // the page keeps no second copy of the text
    const piece = 1 << 20; // a multiple of 4, so each piece is whole base64
    let at = 0;
    const packed = new ReadableStream({
      pull(controller) {
        if (at >= text.length) {
          text = "";
          controller.close();
          return;
        }
        controller.enqueue(fromBase64(text.slice(at, at + piece)));
        at += piece;
      },
    });
    return new Response(packed.pipeThrough(new DecompressionStream("gzip")));
  }

  async function start() {
    if (!("WebAssembly" in window)) throw new Error("this browser cannot run WebAssembly");
    if (!wasmURL && !inlineID) throw new Error("index.html names no program: rebuild the site with make web");
    if (typeof Go !== "function") throw new Error("wasm_exec.js did not load");
    // Whether the browser has WebGL is the program's to find out, when
    // ebiten asks for its context (Host.WithoutPicture): a test context
    // made here first held up every page's start (BENCHMARKS.md).
    const response = wasmURL ? await fetched() : unpacked();
    progress(0);
    const go = new Go();
    let result;
    if (response.body && typeof TransformStream === "function" && WebAssembly.instantiateStreaming) {
      // Compile while the bytes arrive; a new Response carries the type
      // that streaming compilation insists on.
      const stream = counted(response.body, starting);
      result = await WebAssembly.instantiateStreaming(
        new Response(stream, { headers: { "Content-Type": "application/wasm" } }), go.importObject);
    } else {
      const bytes = await response.arrayBuffer();
      progress(bytes.byteLength);
      starting();
      result = await WebAssembly.instantiate(bytes, go.importObject);
    }
    show(1, say.starting);
    go.run(result.instance).then(() => {
      // The program ended; before its first frame that can only be a failure.
      if (document.getElementById("loading")) fail(new Error("the program stopped; the browser console says why"));
    }, fail);
  }

  // The site runs this deferred, once the page is parsed. The single file
  // runs it inline in <head>, before the loading screen and the program
  // exist, so it waits for the rest of the page.
  const begin = () => {
    fill = document.getElementById("fill");
    bar = document.getElementById("bar");
    status = document.getElementById("status");
    status.textContent = say.loading;
    start().catch(fail);
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", begin, { once: true });
  } else {
    begin();
  }
})();
