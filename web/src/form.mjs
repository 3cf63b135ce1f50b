// The page's run controls: checkboxes, numeric inputs read within the
// catalog's bounds (src/catalog.mjs: the runners accept the same values),
// the mark on a refused input, and the query string applied to the form.

import { checkBounds, expandRecordSets } from '../../src/catalog.mjs';
import { PAGE_LISTS as CHECKBOX_OF, boundsOf, optionNamed } from '../../src/options/table.mjs';
import { LIST_PARAMS, NUMBER_INPUTS } from './query.mjs';

const $ = (id) => document.getElementById(id);

/** A labelled checkbox (its label `text`, the value by default). */
export function checkbox(name, value, checked, text = value) {
  const label = document.createElement('label');
  const input = document.createElement('input');
  input.type = 'checkbox';
  input.name = name;
  input.value = value;
  input.checked = checked;
  label.append(input, ` ${text}`);
  return label;
}

/** The values of the checked boxes named `name`, in page order. */
export function checkedValues(name) {
  return [...document.querySelectorAll(`input[name="${name}"]:checked`)].map((input) => input.value);
}

/** The checked boxes named `name` that the current workload shows (not inside a hidden element). */
export const shownChecked = (name) =>
  checkedValues(name).filter((value) => {
    const input = document.querySelector(`input[name="${name}"][value="${CSS.escape(value)}"]`);
    return !input.closest('[hidden]');
  });

/** A form value that is not accepted: names the input and what it accepts. */
export class InputError extends Error {
  constructor(id, message) {
    super(message);
    this.id = id;
  }
}

/** Throws the InputError of option `key` (a NUMBER_INPUTS key) with `message`. */
export function refuseInput(key, message) {
  throw new InputError(NUMBER_INPUTS[key], message);
}

/** The value of numeric option `key` (see NUMBER_INPUTS), within its bounds (the options table's), or an InputError. */
export function readNumber(key, name) {
  const id = NUMBER_INPUTS[key];
  const text = $(id).value.trim();
  const { ok, accepted } = checkBounds(Number(text), boundsOf(optionNamed(id)));
  if (text === '' || !ok) {
    throw new InputError(
      id,
      `${name}: ${text === '' ? 'empty' : `'${text}' is not valid`} (accepted: ${accepted})`,
    );
  }
  return Number(text);
}

/** Marks the input a message is about (outlined in red), or clears every mark. */
export function markInvalid(id) {
  for (const input of document.querySelectorAll('#controls input[aria-invalid]')) {
    input.removeAttribute('aria-invalid');
    input.style.outline = '';
  }
  if (!id) return;
  $(id).setAttribute('aria-invalid', 'true');
  $(id).style.outline = '2px solid #b00020';
}

/**
 * The form as query options (web/src/query.mjs pageUrl): the workload, the
 * checked boxes of every list (those of the workloads not shown too, so a
 * link keeps them) and each numeric input as typed. applyQuery reads them
 * back into the same form.
 */
export function readQuery() {
  const options = { workload: $('workload').value };
  for (const key of LIST_PARAMS) options[key] = checkedValues(CHECKBOX_OF[key]);
  for (const [key, id] of Object.entries(NUMBER_INPUTS)) options[key] = $(id).value.trim();
  return options;
}

/**
 * Form defaults, overridden by the query string (npm run bench:web and the
 * tests; web/src/query.mjs): workload, lists (names, or empty for none;
 * records may name a record set), numbers.
 */
export function applyQuery(params, workloads) {
  if (workloads.includes(params.get('workload'))) $('workload').value = params.get('workload');
  for (const key of LIST_PARAMS) {
    let values = params.get(key)?.split(',').filter(Boolean);
    if (!values) continue;
    // A record set stands for its records (each workload's sets: src/catalog.mjs).
    if (key === 'records') for (const workload of workloads) values = expandRecordSets(workload, values);
    for (const input of document.querySelectorAll(`input[name="${CHECKBOX_OF[key]}"]`))
      input.checked = values.includes(input.value);
  }
  for (const [key, id] of Object.entries(NUMBER_INPUTS)) if (params.has(key)) $(id).value = params.get(key);
}
