// "Decode these bytes": the box under the page's results. It decodes with
// the modules of one workload and its page module's `decoder`: the default
// workload's, or those of the workload the form shows when it has a
// decoder of its own (decode-box.mjs reads the bytes typed in).

import { parseBytes, toHex } from './decode-box.mjs';
import { instantiateCodec } from './runtime.mjs';

const $ = (id) => document.getElementById(id);

/**
 * Wires the decode box to `modules` (the bundle's modules of the default
 * workload), `strategiesOf(module)` (the strategies each one offers) and
 * `decoder`, what the box does with them (a page module's: sample(codec,
 * strategy) -> the bytes of a valid sample, sampleText says what it is;
 * describe(codec, strategy, bytes) -> a few lines about the decoded value,
 * throwing the codec's own error for bad bytes; `codec` is an instance of a
 * module, runtime.mjs instantiateCodec). Returns { use(modules,
 * strategiesOf, decoder) }, which points the box at another workload's.
 */
export function setUpDecodePanel(modules, strategiesOf, decoder) {
  let current = { modules, strategiesOf, decoder };
  const instances = new Map(); // module -> Promise of an instance
  let pickedFile; // { name, bytes } when a file was picked

  const moduleOf = (name) => current.modules.find((candidate) => candidate.codec === name);

  function decodeCodec(module) {
    if (!instances.has(module)) {
      const instance = instantiateCodec(module);
      // A module that failed to load is retried next time.
      instance.catch(() => instances.delete(module));
      instances.set(module, instance);
    }
    return instances.get(module);
  }

  function fillCodecs() {
    const select = $('decode-codec');
    const previous = select.value;
    select.replaceChildren(...current.modules.map(({ codec }) => new Option(codec, codec)));
    if (current.modules.some(({ codec }) => codec === previous)) select.value = previous;
  }

  function fillStrategies() {
    const module = moduleOf($('decode-codec').value);
    const strategies = module ? current.strategiesOf(module) : [];
    const select = $('decode-strategy');
    const previous = select.value;
    select.replaceChildren(...strategies.map((strategy) => new Option(strategy, strategy)));
    if (strategies.includes(previous)) select.value = previous;
  }

  function showOutcome(text, ok) {
    const output = $('decode-output');
    output.textContent = text;
    output.className = ok ? 'ok' : 'error';
    output.dataset.outcome = ok ? 'ok' : 'error';
  }

  async function decodeBytes() {
    // No outcome while a decode is under way: a reader (or a test) waits for
    // this one's, not the last one's.
    delete $('decode-output').dataset.outcome;
    const codecName = $('decode-codec').value;
    const strategy = $('decode-strategy').value;
    const { decoder } = current;
    const module = moduleOf(codecName);
    let bytes;
    try {
      bytes = pickedFile ? pickedFile.bytes : parseBytes($('decode-input').value, $('decode-format').value);
    } catch (error) {
      return showOutcome(`Input: ${error.message}`, false);
    }
    let codec;
    try {
      codec = await decodeCodec(module);
    } catch (error) {
      return showOutcome(`${codecName}: the module did not load: ${error?.message ?? error}`, false);
    }
    try {
      showOutcome(decoder.describe(codec, strategy, bytes), true);
    } catch (error) {
      // The codec's own message, e.g. "msgpack: ...". A wasm trap means the
      // instance may be broken: the next decode gets a fresh one.
      if (error instanceof WebAssembly.RuntimeError) instances.delete(module);
      showOutcome(`Error: ${error?.message ?? error}`, false);
    }
  }

  async function fillSample() {
    const codecName = $('decode-codec').value;
    const { decoder } = current;
    try {
      const codec = await decodeCodec(moduleOf(codecName));
      const bytes = decoder.sample(codec, $('decode-strategy').value);
      pickedFile = undefined;
      $('decode-file').value = '';
      $('decode-format').value = 'hex';
      $('decode-input').value = toHex(bytes);
      showOutcome(`${codecName}: the ${bytes.byteLength} bytes of ${decoder.sampleText}.`, true);
    } catch (error) {
      showOutcome(`Error: ${error?.message ?? error}`, false);
    }
  }

  async function pickFile() {
    const file = $('decode-file').files[0];
    if (!file) return (pickedFile = undefined);
    pickedFile = { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
    showOutcome(`Will decode ${file.name} (${pickedFile.bytes.byteLength} bytes).`, true);
  }

  fillCodecs();
  fillStrategies();
  $('decode-form').addEventListener('submit', (event) => {
    event.preventDefault();
    decodeBytes();
  });
  $('decode-sample').addEventListener('click', fillSample);
  $('decode-codec').addEventListener('change', fillStrategies);
  $('decode-file').addEventListener('change', pickFile);
  $('decode-input').addEventListener('input', () => {
    pickedFile = undefined;
    $('decode-file').value = '';
  });

  return {
    use(modules, strategiesOf, decoder) {
      if (current.modules === modules && current.decoder === decoder) return;
      current = { modules, strategiesOf, decoder };
      fillCodecs();
      fillStrategies();
    },
  };
}
