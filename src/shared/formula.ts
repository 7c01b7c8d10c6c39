// Formula rules over a document's fields (issue 31 point 5): `subtotal + tax = total`. A small
// parser, never eval: numbers, field names, + - * /, parentheses and exactly one `=`. A name with
// spaces or signs in it is written in double quotes: `"net amount" + vat = total`. No zod here,
// so the browser can check a formula as it is typed.

export type FormulaNode =
  | { kind: 'number'; value: number }
  | { kind: 'name'; name: string }
  | { kind: 'negate'; operand: FormulaNode }
  | { kind: 'binary'; operator: '+' | '-' | '*' | '/'; left: FormulaNode; right: FormulaNode };

export type Formula = {
  left: FormulaNode;
  right: FormulaNode;
  /** Each side as written, for messages: "subtotal + tax". */
  leftText: string;
  rightText: string;
  /** The field names it uses, in order of first use. */
  names: string[];
};

export type FormulaParse = { ok: true; formula: Formula } | { ok: false; message: string };

export const FORMULA_LIMITS = { length: 500, depth: 20 } as const;

type Token =
  | { kind: 'number'; value: number; at: number }
  | { kind: 'name'; name: string; at: number }
  | { kind: 'sign'; sign: string; at: number };

const NAME_START = /[\p{L}_]/u;
const NAME_PART = /[\p{L}\p{N}_]/u;

class FormulaError extends Error {}

function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < expression.length) {
    const char = expression[at] ?? '';
    if (/\s/.test(char)) {
      at += 1;
    } else if (/[\d.]/.test(char)) {
      const match = /^(?:\d+(?:\.\d*)?|\.\d+)/.exec(expression.slice(at));
      if (!match) throw new FormulaError(`“${char}” at position ${at + 1} is not a number.`);
      tokens.push({ kind: 'number', value: Number(match[0]), at });
      at += match[0].length;
    } else if (char === '"') {
      const close = expression.indexOf('"', at + 1);
      if (close < 0) throw new FormulaError('A quoted name is not closed with ".');
      const name = expression.slice(at + 1, close).trim();
      if (name === '') throw new FormulaError('A quoted name is empty.');
      tokens.push({ kind: 'name', name, at });
      at = close + 1;
    } else if (NAME_START.test(char)) {
      let end = at + 1;
      while (end < expression.length && NAME_PART.test(expression[end] ?? '')) end += 1;
      tokens.push({ kind: 'name', name: expression.slice(at, end), at });
      at = end;
    } else if ('+-*/()='.includes(char)) {
      tokens.push({ kind: 'sign', sign: char, at });
      at += 1;
    } else {
      throw new FormulaError(
        `“${char}” at position ${at + 1} cannot be used: a formula has field names, numbers, + - * / ( ) and one =.`,
      );
    }
  }
  return tokens;
}

/** Recursive descent over the tokens: expression := term (± term)*, term := factor (×÷ factor)*. */
function parser(tokens: Token[], which: 'left' | 'right') {
  let position = 0;
  const names: string[] = [];
  const peek = () => tokens[position];
  const isSign = (sign: string) => {
    const token = peek();
    return token?.kind === 'sign' && token.sign === sign;
  };
  function factor(depth: number): FormulaNode {
    if (depth > FORMULA_LIMITS.depth)
      throw new FormulaError(`The formula nests deeper than ${FORMULA_LIMITS.depth} levels.`);
    const token = peek();
    if (!token) throw new FormulaError(`The ${which} side of “=” ends where a value is expected.`);
    position += 1;
    if (token.kind === 'number') return { kind: 'number', value: token.value };
    if (token.kind === 'name') {
      if (!names.includes(token.name)) names.push(token.name);
      return { kind: 'name', name: token.name };
    }
    if (token.sign === '-') return { kind: 'negate', operand: factor(depth + 1) };
    if (token.sign === '+') return factor(depth + 1);
    if (token.sign === '(') {
      const inner = expression(depth + 1);
      if (!isSign(')')) throw new FormulaError('A “(” is not closed with “)”.');
      position += 1;
      return inner;
    }
    throw new FormulaError(
      `“${token.sign}” at position ${token.at + 1} is where a field name or a number is expected.`,
    );
  }
  function term(depth: number): FormulaNode {
    let node = factor(depth);
    while (isSign('*') || isSign('/')) {
      const operator = isSign('*') ? '*' : '/';
      position += 1;
      node = { kind: 'binary', operator, left: node, right: factor(depth) };
    }
    return node;
  }
  function expression(depth: number): FormulaNode {
    let node = term(depth);
    while (isSign('+') || isSign('-')) {
      const operator = isSign('+') ? '+' : '-';
      position += 1;
      node = { kind: 'binary', operator, left: node, right: term(depth) };
    }
    return node;
  }
  return { expression, peek, names };
}

/** One whole side of the `=`: an expression with nothing left over. */
function side(read: ReturnType<typeof parser>, which: 'left' | 'right'): FormulaNode {
  if (!read.peek()) throw new FormulaError(`The ${which} side of “=” is empty.`);
  const node = read.expression(0);
  const rest = read.peek();
  if (rest)
    throw new FormulaError(
      rest.kind === 'sign' && rest.sign === ')'
        ? `The “)” at position ${rest.at + 1} has no “(” before it.`
        : `Something unexpected at position ${rest.at + 1}: an operator may be missing.`,
    );
  return node;
}

export function parseFormula(expression: string): FormulaParse {
  const text = expression.trim();
  if (text === '') return { ok: false, message: 'The formula is empty.' };
  if (text.length > FORMULA_LIMITS.length)
    return { ok: false, message: `A formula must be under ${FORMULA_LIMITS.length} characters.` };
  try {
    const tokens = tokenize(text);
    const equals = tokens.filter((token) => token.kind === 'sign' && token.sign === '=');
    if (equals.length !== 1)
      throw new FormulaError(
        `A formula compares two sides with one “=” (like subtotal + tax = total); this one has ${equals.length === 0 ? 'none' : equals.length}.`,
      );
    const at = equals[0]?.at ?? 0;
    const split = tokens.indexOf(equals[0]!);
    const leftRead = parser(tokens.slice(0, split), 'left');
    const rightRead = parser(tokens.slice(split + 1), 'right');
    const left = side(leftRead, 'left');
    const right = side(rightRead, 'right');
    const names = [
      ...leftRead.names,
      ...rightRead.names.filter((name) => !leftRead.names.includes(name)),
    ];
    return {
      ok: true,
      formula: {
        left,
        right,
        leftText: text.slice(0, at).trim(),
        rightText: text.slice(at + 1).trim(),
        names,
      },
    };
  } catch (error) {
    if (error instanceof FormulaError) return { ok: false, message: error.message };
    throw error;
  }
}

export type FormulaValue = { ok: true; value: number } | { ok: false; reason: 'division_by_zero' };

/** One side's value, with `valueOf` giving each name's number (every name must have one). */
export function evaluateFormula(
  node: FormulaNode,
  valueOf: (name: string) => number,
): FormulaValue {
  switch (node.kind) {
    case 'number':
      return { ok: true, value: node.value };
    case 'name':
      return { ok: true, value: valueOf(node.name) };
    case 'negate': {
      const operand = evaluateFormula(node.operand, valueOf);
      return operand.ok ? { ok: true, value: -operand.value } : operand;
    }
    case 'binary': {
      const left = evaluateFormula(node.left, valueOf);
      if (!left.ok) return left;
      const right = evaluateFormula(node.right, valueOf);
      if (!right.ok) return right;
      if (node.operator === '/' && right.value === 0)
        return { ok: false, reason: 'division_by_zero' };
      const value =
        node.operator === '+'
          ? left.value + right.value
          : node.operator === '-'
            ? left.value - right.value
            : node.operator === '*'
              ? left.value * right.value
              : left.value / right.value;
      return { ok: true, value };
    }
  }
}
