// Where a text stops being JSON, for the error of a user's file that
// JSON.parse refused: each engine words (and places) its own error
// differently, and V8's "Unexpected token" names no position at all. Only
// run after JSON.parse has thrown: JSON.parse stays the judge of what is
// JSON; this scanner only finds the place (RFC 8259's grammar, no value
// built, an explicit stack so deep nesting cannot overflow).

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const HEX = /^[0-9a-fA-F]{4}$/;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

class Stop {
  constructor(offset, problem) {
    this.offset = offset;
    this.problem = problem;
  }
}

function shown(text, at) {
  if (at >= text.length) return 'the end of the text';
  const point = text.codePointAt(at);
  if (point < 0x20 || point === 0x7f) return `the control character U+${point.toString(16).padStart(4, '0')}`;
  return `'${String.fromCodePoint(point)}'`;
}

function skipWhitespace(text, at) {
  while (at < text.length && WHITESPACE.has(text[at])) at++;
  return at;
}

// The offset after the string starting at `at` (a '"').
function scanString(text, at) {
  for (let i = at + 1; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0x22) return i + 1;
    if (unit < 0x20) throw new Stop(i, `${shown(text, i)} inside a string (it must be escaped)`);
    if (unit !== 0x5c) continue;
    const escape = text[i + 1];
    if (escape === 'u') {
      if (!HEX.test(text.slice(i + 2, i + 6))) throw new Stop(i, 'a \\u escape without four hex digits');
      i += 5;
    } else if (ESCAPES.has(escape)) i += 1;
    else throw new Stop(i, `an unknown escape \\${escape ?? ''}`);
  }
  throw new Stop(text.length, 'a string that is never closed');
}

// The offset after the value starting at `at`, for a value that is not a
// container (containers are the caller's, on its stack).
function scanScalar(text, at) {
  const first = text[at];
  if (first === '"') return scanString(text, at);
  for (const word of ['true', 'false', 'null']) if (text.startsWith(word, at)) return at + word.length;
  NUMBER.lastIndex = at;
  if ((first === '-' || (first >= '0' && first <= '9')) && NUMBER.test(text)) return NUMBER.lastIndex;
  throw new Stop(at, `${shown(text, at)} where a value should start`);
}

function scan(text) {
  const stack = []; // '}' or ']' per open container
  let at = skipWhitespace(text, 0);
  let expect = 'value'; // 'value' | 'key' | 'key-or-end' | 'value-or-end' | 'after'
  for (;;) {
    at = skipWhitespace(text, at);
    if (expect === 'after') {
      if (stack.length === 0) {
        if (at < text.length) throw new Stop(at, `${shown(text, at)} after the JSON value`);
        return;
      }
      const close = stack.at(-1);
      if (text[at] === ',') {
        at++;
        expect = close === '}' ? 'key' : 'value';
      } else if (text[at] === close) {
        stack.pop();
        at++;
      } else throw new Stop(at, `${shown(text, at)} where ',' or '${close}' should be`);
      continue;
    }
    if ((expect === 'key-or-end' && text[at] === '}') || (expect === 'value-or-end' && text[at] === ']')) {
      stack.pop();
      at++;
      expect = 'after';
      continue;
    }
    if (expect === 'key' || expect === 'key-or-end') {
      if (text[at] !== '"') throw new Stop(at, `${shown(text, at)} where a key (a string) should be`);
      at = skipWhitespace(text, scanString(text, at));
      if (text[at] !== ':') throw new Stop(at, `${shown(text, at)} where ':' should be`);
      at++;
      expect = 'value';
      continue;
    }
    if (text[at] === '{' || text[at] === '[') {
      stack.push(text[at] === '{' ? '}' : ']');
      expect = text[at] === '{' ? 'key-or-end' : 'value-or-end';
      at++;
      continue;
    }
    at = scanScalar(text, at);
    expect = 'after';
  }
}

/** Line and column (1-based, in characters) of `offset` in `text`. */
export function lineAndColumn(text, offset) {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Where `text` stops being JSON: { offset, problem }, or undefined when this
 * scanner finds nothing wrong (JSON.parse's error then stands alone).
 */
export function jsonSyntaxError(text) {
  try {
    scan(text);
    return undefined;
  } catch (error) {
    if (error instanceof Stop) return { offset: error.offset, problem: error.problem };
    throw error;
  }
}
