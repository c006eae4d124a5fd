// @ts-check
/** Figures, their budgets, the printed table and bench/results.json. */

/**
 * @typedef {'<' | '<=' | '>=' | '='} BudgetOp
 * @typedef {{ op: BudgetOp, value: number }} Budget
 * @typedef {'ms' | 'req/s' | 'ratio' | 'score' | 'kB' | 'count' | ''} Unit
 * @typedef {{
 *   name: string,
 *   budget: Budget | null,
 *   measured: number | null,
 *   unit: Unit,
 *   ok: boolean | null,   // null: reported without a budget
 *   display?: string,     // measured value as printed, when it says more than the number
 * }} Figure
 */

const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * @param {number} value
 * @param {Unit} unit
 */
export function formatValue(value, unit) {
  switch (unit) {
    case 'ms':
      return `${grouping.format(value)} ms`;
    case 'req/s':
      return `${grouping.format(value)} req/s`;
    case 'ratio':
      return `${Math.round(value * 100)} %`;
    case 'score':
      return value.toFixed(2);
    case 'kB':
      return `${value.toFixed(1)} kB`;
    case 'count':
      return grouping.format(value);
    default:
      return value.toFixed(3);
  }
}

/** @type {Record<BudgetOp, string>} */
const OP_TEXT = { '<': '<', '<=': '≤', '>=': '≥', '=': '=' };

/**
 * @param {Budget} budget
 * @param {number} measured
 */
function meets(budget, measured) {
  switch (budget.op) {
    case '<':
      return measured < budget.value;
    case '<=':
      return measured <= budget.value;
    case '>=':
      return measured >= budget.value;
    case '=':
      return measured === budget.value;
  }
}

/**
 * A figure; with a budget it passes or fails, and a figure that could not be measured fails its
 * budget.
 * @param {{ name: string, measured: number | null, unit: Unit, budget?: Budget | null, display?: string, ok?: boolean }} input
 * @returns {Figure}
 */
export function figure({ name, measured, unit, budget = null, display, ok }) {
  const evaluated = budget === null ? null : measured === null ? false : meets(budget, measured);
  return {
    name,
    budget,
    measured,
    unit,
    ok: ok ?? evaluated,
    ...(display === undefined ? {} : { display }),
  };
}

/** @param {Figure} fig */
function budgetText(fig) {
  return fig.budget ? `${OP_TEXT[fig.budget.op]} ${formatValue(fig.budget.value, fig.unit)}` : '-';
}

/** @param {Figure} fig */
function measuredText(fig) {
  if (fig.display !== undefined) return fig.display;
  return fig.measured === null ? 'not measured' : formatValue(fig.measured, fig.unit);
}

/** @param {Figure} fig */
function statusText(fig) {
  return fig.ok === null ? '-' : fig.ok ? 'ok' : 'FAIL';
}

/**
 * A plain-text table; the first row is the header.
 * @param {string[][]} rows
 * @param {Array<'left' | 'right'>} [align]
 */
export function table(rows, align = []) {
  const widths = rows[0]?.map((_cell, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  /** @param {string[]} row */
  const line = (row) =>
    row
      .map((cell, column) =>
        align[column] === 'right' ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join(' | ')
      .trimEnd();
  const [header, ...body] = rows;
  return [line(header ?? []), widths.map((width) => '-'.repeat(width)).join('-|-'), ...body.map(line)].join('\n');
}

/** @param {Figure[]} figures */
export function figuresTable(figures) {
  return table(
    [['figure', 'budget', 'measured', 'status'], ...figures.map((fig) => [fig.name, budgetText(fig), measuredText(fig), statusText(fig)])],
    ['left', 'right', 'right', 'left'],
  );
}
