// The whole "glue" of a lean module (src/wasm/CMakeLists.txt,
// wcb_add_lean_module): a standalone wasm file with plain exported C
// functions, instantiated here instead of by Emscripten's generated loader.
// What it supplies is what such a module imports (src/wasm/lean-imports.js
// and the few WASI calls libc keeps): the clock, a memory-growth notice and
// exits. Environment-agnostic (no Node APIs): Node and the page use it as is,
// and the shipped-bytes table counts it, minified, as each lean module's glue
// (scripts/shipped-bytes.mjs).
//
//   const lean = await instantiateLean(wasmBytes);
//   lean.exports.wcb_codec_name();  lean.heapU8();  lean.text(pointer);  lean.aborted

// WASI's "function not supported": what the file calls answer (protobuf-lite
// keeps stdio for its logging; nothing here has files).
const ENOSYS = 52;

class LeanExit extends Error {}

// The file's bytes, not a fetch() of it. Asked of the bytes, not of the
// Response global: Node makes that global on first use, loading its fetch
// implementation, 20-39 ms of a start-up (docs/decisions/whole-cost.md).
const isBytes = (source) => source instanceof ArrayBuffer || ArrayBuffer.isView(source);

/**
 * Compiles and instantiates a lean module: its bytes (ArrayBuffer or
 * Uint8Array), or a fetch() of its .wasm (a Response or a promise of one),
 * which is compiled with WebAssembly.compileStreaming, while the bytes
 * arrive, as a page that serves the file loads it (the start-up page:
 * docs/startup-memory.md#browsers). Rejects, naming the import, when the
 * module imports something this loader does not supply (a codec that
 * started to use a libc call).
 */
export async function instantiateLean(source) {
  const module = isBytes(source)
    ? await WebAssembly.compile(source)
    : await WebAssembly.compileStreaming(source);
  const state = { aborted: null, memory: null };
  const exit = (code) => {
    // abort() and std::terminate end here: the error contract says never.
    state.aborted = `the module exited (code ${code})`;
    throw new LeanExit(state.aborted);
  };
  const supplied = {
    env: {
      wcb_now_ms: () => performance.now(),
      // The views below notice a grown memory themselves.
      emscripten_notify_memory_growth: () => {},
    },
    wasi_snapshot_preview1: {
      proc_exit: exit,
      fd_write: () => ENOSYS,
      fd_seek: () => ENOSYS,
      fd_close: () => ENOSYS,
    },
  };
  const imports = {};
  for (const { module: from, name } of WebAssembly.Module.imports(module)) {
    const value = supplied[from]?.[name];
    if (value === undefined)
      throw new Error(`lean module imports ${from}.${name}, which the loader does not supply`);
    (imports[from] ??= {})[name] = value;
  }
  const instance = await WebAssembly.instantiate(module, imports);
  return new LeanInstance(instance.exports, state);
}

/** An instantiated lean module: its exports, views of its memory that follow growth, its texts. */
class LeanInstance {
  #state;
  #buffer = null;
  #u8;
  #i32;
  #f64;

  constructor(exports, state) {
    this.exports = exports;
    this.#state = state;
    // A reactor: its static constructors run here, once.
    exports._initialize?.();
  }

  /** Why the module exited or trapped (null while it has not). */
  get aborted() {
    return this.#state.aborted;
  }

  /** Records a trap (a WebAssembly.RuntimeError) as the reason the module is unusable. */
  noteFailure(error) {
    if (error instanceof WebAssembly.RuntimeError || error instanceof LeanExit) {
      this.#state.aborted ??= String(error?.message ?? error);
    }
  }

  // Growing the memory detaches the old buffer: views are remade when it changed.
  #views() {
    const buffer = this.exports.memory.buffer;
    if (buffer !== this.#buffer) {
      this.#buffer = buffer;
      this.#u8 = new Uint8Array(buffer);
      this.#i32 = new Int32Array(buffer);
      this.#f64 = new Float64Array(buffer);
    }
  }

  heapU8() {
    this.#views();
    return this.#u8;
  }

  heap32() {
    this.#views();
    return this.#i32;
  }

  heapF64() {
    this.#views();
    return this.#f64;
  }

  /** The NUL-terminated UTF-8 text at `pointer`. */
  text(pointer) {
    const heap = this.heapU8();
    const start = pointer >>> 0;
    const end = heap.indexOf(0, start);
    return new TextDecoder().decode(heap.subarray(start, end === -1 ? heap.length : end));
  }
}
