// The functions a lean module imports from JS besides WASI's (src/wasm/lean.cpp,
// wcb_add_lean_module): declared here so the link knows them. The module is
// standalone wasm, so this code is never emitted: src/harness/lean-loader.mjs
// supplies the imports.
mergeInto(LibraryManager.library, {
  // The clock of the phases, as the embind modules' std::chrono::steady_clock.
  wcb_now_ms: function () {
    return performance.now();
  },
});
