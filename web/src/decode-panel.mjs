// "Decode these bytes": the box under the page's results. It decodes with
// the modules of the tuples dataset (its sample is the dataset's first 4
// items); describeDecode and parseBytes (decode-box.mjs) do the work.

import { TupleDataset } from '../../src/workloads/tuples/dataset.mjs';
import { describeDecode, parseBytes, toHex } from './decode-box.mjs';
import { instantiateCodec } from './runtime.mjs';

const $ = (id) => document.getElementById(id);

/**
 * Wires the decode box to `modules` (the bundle's modules of the tuples
 * workload) and `strategiesOf(module)` (the strategies each one offers).
 */
export function setUpDecodePanel(modules, strategiesOf) {
  const instances = new Map(); // codec name -> Promise of an instance
  let pickedFile; // { name, bytes } when a file was picked

  function decodeCodec(name) {
    if (!instances.has(name)) {
      const module = modules.find((candidate) => candidate.codec === name);
      const instance = instantiateCodec(module);
      // A module that failed to load is retried next time.
      instance.catch(() => instances.delete(name));
      instances.set(name, instance);
    }
    return instances.get(name);
  }

  function fillStrategies() {
    const module = modules.find((candidate) => candidate.codec === $('decode-codec').value);
    const select = $('decode-strategy');
    const previous = select.value;
    select.replaceChildren(...strategiesOf(module).map((strategy) => new Option(strategy, strategy)));
    if (strategiesOf(module).includes(previous)) select.value = previous;
  }

  function showOutcome(text, ok) {
    const output = $('decode-output');
    output.textContent = text;
    output.className = ok ? 'ok' : 'error';
    output.dataset.outcome = ok ? 'ok' : 'error';
  }

  async function decodeBytes() {
    const codecName = $('decode-codec').value;
    const strategy = $('decode-strategy').value;
    let bytes;
    try {
      bytes = pickedFile ? pickedFile.bytes : parseBytes($('decode-input').value, $('decode-format').value);
    } catch (error) {
      return showOutcome(`Input: ${error.message}`, false);
    }
    let codec;
    try {
      codec = await decodeCodec(codecName);
    } catch (error) {
      return showOutcome(`${codecName}: the module did not load: ${error?.message ?? error}`, false);
    }
    try {
      showOutcome(describeDecode(codec, strategy, bytes), true);
    } catch (error) {
      // The codec's own message, e.g. "msgpack: ...". A wasm trap means the
      // instance may be broken: the next decode gets a fresh one.
      if (error instanceof WebAssembly.RuntimeError) instances.delete(codecName);
      showOutcome(`Error: ${error?.message ?? error}`, false);
    }
  }

  async function fillSample() {
    const codecName = $('decode-codec').value;
    try {
      const codec = await decodeCodec(codecName);
      const { bytes } = codec.encode($('decode-strategy').value, new TupleDataset().items);
      pickedFile = undefined;
      $('decode-file').value = '';
      $('decode-format').value = 'hex';
      $('decode-input').value = toHex(bytes);
      showOutcome(`${codecName}: the ${bytes.byteLength} bytes of the dataset's first 4 items.`, true);
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

  $('decode-codec').replaceChildren(...modules.map(({ codec }) => new Option(codec, codec)));
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
}
