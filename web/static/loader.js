// Loads the WebAssembly program with a progress bar that counts real
// bytes against the size that `make web` wrote into index.html, then says
// "Starting…" while the program is compiled and started. The app removes
// #loading on its first frame.
(() => {
  "use strict";
  const script = document.currentScript;
  const wasmURL = script.dataset.wasm;
  // The raw size: the browser hands us decompressed bytes whatever the
  // server sent, so this is the right total for brotli, gzip or none.
  const total = Number(script.dataset.bytes) || 0;
  const fill = document.getElementById("fill");
  const bar = document.getElementById("bar");
  const status = document.getElementById("status");
  const mb = (n) => (n / 1e6).toFixed(1);
  let shown = -1;

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
      show(0.9 * received / total, "Loading the simulation… " + mb(received) + " of " + mb(total) + " MB");
    } else {
      show(0.5, "Loading the simulation… " + mb(received) + " MB");
    }
  };
  const starting = () => show(0.95, "Starting…");
  const fail = (err) => {
    status.textContent = "vnodes could not start: " + (err && err.message ? err.message : err);
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

  async function start() {
    if (!("WebAssembly" in window)) throw new Error("this browser cannot run WebAssembly");
    if (!wasmURL) throw new Error("index.html names no program: rebuild the site with make web");
    if (typeof Go !== "function") throw new Error("wasm_exec.js did not load");
    const response = await fetch(wasmURL);
    if (!response.ok) throw new Error(wasmURL + ": HTTP " + response.status);
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
    show(1, "Starting…");
    go.run(result.instance).then(() => {
      // The program ended; before its first frame that can only be a failure.
      if (document.getElementById("loading")) fail(new Error("the program stopped; the browser console says why"));
    }, fail);
  }

  start().catch(fail);
})();
