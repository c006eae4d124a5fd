// @ts-check
/** The load test's assertions, as pure functions of what was recorded and read back. */

/**
 * @typedef {{ name: string, ok: boolean, detail: string }} Assertion
 * @typedef {import('./shopper.mjs').CreatedOrder} CreatedOrder
 * @typedef {import('./shopper.mjs').ShopperState} ShopperState
 * @typedef {import('./admin.mjs').OrderSummary} OrderSummary
 * @typedef {import('./admin.mjs').OrderLine} OrderLine
 * @typedef {import('./admin.mjs').ProductStock} ProductStock
 * @typedef {import('./smtp.mjs').ParsedMail} ParsedMail
 */

const LIST_LIMIT = 10;

/** @param {string[]} items */
const listed = (items) => (items.length > LIST_LIMIT ? `${items.slice(0, LIST_LIMIT).join('; ')}; … (${items.length} in all)` : items.join('; '));

/**
 * @param {Record<string, number>} statuses all answers by status
 * @returns {Assertion[]}
 */
export function statusAssertions(statuses) {
  const serverErrors = Object.entries(statuses).filter(([status]) => /^5\d\d$/.test(status));
  const transport = Object.entries(statuses).filter(([status]) => status === 'network' || status === 'timeout');
  const count = (/** @type {[string, number][]} */ entries) => entries.reduce((sum, [, value]) => sum + value, 0);
  return [
    {
      name: 'no 5xx answer',
      ok: serverErrors.length === 0,
      detail: serverErrors.length === 0 ? 'none' : serverErrors.map(([status, value]) => `${value} × ${status}`).join(', '),
    },
    {
      name: 'no network error or timeout',
      ok: transport.length === 0,
      detail: transport.length === 0 ? 'none' : `${count(transport)}: ${transport.map(([status, value]) => `${value} × ${status}`).join(', ')}`,
    },
  ];
}

/**
 * @param {Map<string, number>} anomalyCounts "kind status code" → count
 * @param {string[]} answerProblems
 * @returns {Assertion[]}
 */
export function answerAssertions(anomalyCounts, answerProblems) {
  const unexpected = [...anomalyCounts.entries()].map(([key, value]) => `${value} × ${key}`);
  return [
    {
      name: 'every answer is one its request allows (e.g. order: 201, 409 stock, 429 limits)',
      ok: unexpected.length === 0,
      detail: unexpected.length === 0 ? 'yes' : listed(unexpected),
    },
    {
      name: 'every 201 order answer is consistent (on-hold, bank details, total, lines, e-mail)',
      ok: answerProblems.length === 0,
      detail: answerProblems.length === 0 ? 'yes' : listed(answerProblems),
    },
  ];
}

/**
 * @param {{
 *   created: CreatedOrder[],
 *   before: Set<number>,
 *   after: OrderSummary[],
 *   details: Map<number, { status: string, lines: OrderLine[] }>,
 * }} input
 * @returns {Assertion[]}
 */
export function orderAssertions({ created, before, after, details }) {
  const byId = new Map(after.map((order) => [order.id, order]));
  const createdIds = new Set(created.map((order) => order.id));
  const missing = created.filter((order) => !byId.has(order.id)).map((order) => `#${order.number || order.id}`);
  const wrong = [];
  for (const order of created) {
    const row = byId.get(order.id);
    if (!row) continue;
    if (row.number !== order.number) wrong.push(`${order.id}: number ${row.number} ≠ ${order.number}`);
    if (row.status !== 'on-hold') wrong.push(`#${row.number}: status ${row.status}`);
    if (row.paymentMethod !== 'bacs') wrong.push(`#${row.number}: payment ${row.paymentMethod}`);
    if (row.totalCents !== order.totalCents) wrong.push(`#${row.number}: total ${row.totalCents} ≠ ${order.totalCents}`);
    if (row.email !== order.email) wrong.push(`#${row.number}: e-mail ${row.email}`);
    const detail = details.get(order.id);
    const got = (detail?.lines ?? []).map((line) => `${line.productId}x${line.quantity}`).sort().join(',');
    const want = order.lines.map((line) => `${line.product_id}x${line.quantity}`).sort().join(',');
    if (got !== want) wrong.push(`#${row.number}: lines ${got} ≠ ${want}`);
  }
  // An order the server holds that no shopper got a 201 for (an answer lost after the commit).
  const phantom = after.filter((order) => !before.has(order.id) && !createdIds.has(order.id)).map((order) => `#${order.number}`);
  const duplicates = created.length - createdIds.size;
  return [
    {
      name: 'every created order (201) is in the admin order list',
      ok: missing.length === 0 && duplicates === 0,
      detail: missing.length === 0 && duplicates === 0 ? `${created.length} of ${created.length}` : `missing: ${listed(missing)}${duplicates ? `; ${duplicates} ids answered twice` : ''}`,
    },
    { name: 'admin view of each order matches its 201 answer', ok: wrong.length === 0, detail: wrong.length === 0 ? 'yes' : listed(wrong) },
    { name: 'no order without a 201 answer', ok: phantom.length === 0, detail: phantom.length === 0 ? 'none' : listed(phantom) },
  ];
}

/**
 * Stock: nothing oversold and every unit accounted for. Initial and final stock are the staff
 * API's "stock for sale" (units of unpaid orders already taken out), so for every product
 * initial − final = the units of the run's live orders, which must not exceed the initial stock.
 * @param {{
 *   initial: Map<number, ProductStock>,
 *   final: Map<number, ProductStock>,
 *   created: CreatedOrder[],
 *   details: Map<number, { status: string, lines: OrderLine[] }>,
 *   reserved: Map<number, { stock: number, reservedQuantity: number }>,
 *   reservedBefore: Map<number, number>,
 *   monitorMinimum: Map<number, number>,
 * }} input
 * @returns {{ assertions: Assertion[], products: { id: number, name: string, initial: number, sold: number, final: number }[] }}
 */
export function stockAssertions({ initial, final, created, details, reserved, reservedBefore, monitorMinimum }) {
  /** @type {Map<number, number>} */
  const sold = new Map();
  for (const order of created) {
    const lines = details.get(order.id)?.lines ?? order.lines.map((line) => ({ productId: line.product_id, quantity: line.quantity }));
    for (const line of lines) sold.set(line.productId, (sold.get(line.productId) ?? 0) + line.quantity);
  }
  const negative = [...final.values()].filter((product) => product.stock < 0).map((product) => `${product.id} (${product.stock})`);
  for (const [id, minimum] of monitorMinimum) if (minimum < 0) negative.push(`${id} seen at ${minimum} during the run`);
  const oversold = [];
  const unaccounted = [];
  const reservations = [];
  for (const [id, quantity] of sold) {
    const start = initial.get(id)?.stock ?? 0;
    if (quantity > start) oversold.push(`${id}: ${quantity} sold of ${start}`);
  }
  for (const [id, product] of initial) {
    const end = final.get(id)?.stock;
    if (end === undefined) {
      unaccounted.push(`${id}: gone after the run`);
      continue;
    }
    const taken = product.stock - end;
    if (taken !== (sold.get(id) ?? 0)) unaccounted.push(`${id}: stock ${product.stock} → ${end} but ${sold.get(id) ?? 0} ordered`);
  }
  for (const [id, detail] of reserved) {
    const expected = (reservedBefore.get(id) ?? 0) + (sold.get(id) ?? 0);
    if (detail.reservedQuantity !== expected) reservations.push(`${id}: reserved ${detail.reservedQuantity}, expected ${expected}`);
  }
  const products = [...sold.entries()]
    .map(([id, quantity]) => ({ id, name: initial.get(id)?.name ?? '', initial: initial.get(id)?.stock ?? 0, sold: quantity, final: final.get(id)?.stock ?? Number.NaN }))
    .sort((a, b) => a.id - b.id);
  return {
    assertions: [
      { name: 'no oversold product (units ordered ≤ initial stock)', ok: oversold.length === 0, detail: oversold.length === 0 ? `${products.length} products ordered` : listed(oversold) },
      { name: 'stock never negative', ok: negative.length === 0, detail: negative.length === 0 ? `${final.size} products, final minimum ${Math.min(...[...final.values()].map((product) => product.stock))}` : listed(negative) },
      { name: 'stock taken = units of the run’s orders, for every product', ok: unaccounted.length === 0, detail: unaccounted.length === 0 ? 'yes' : listed(unaccounted) },
      { name: 'reserved quantity (staff view) = units of unpaid orders', ok: reservations.length === 0, detail: reservations.length === 0 ? `${reserved.size} products checked` : listed(reservations) },
    ],
    products,
  };
}

/**
 * @param {{ shoppers: ShopperState[], unpaidLimit: number }} input
 * @returns {Assertion[]}
 */
export function visitorLimitAssertions({ shoppers, unpaidLimit }) {
  const over = shoppers.filter((shopper) => shopper.ordersCreated > unpaidLimit).map((shopper) => `${shopper.ip}: ${shopper.ordersCreated}`);
  const early = shoppers.filter((shopper) => shopper.limitedEarly).map((shopper) => `${shopper.ip}: refused after ${shopper.ordersCreated}`);
  return [
    {
      name: `no visitor holds more than ${unpaidLimit} unpaid orders, none is refused before`,
      ok: over.length === 0 && early.length === 0,
      detail: over.length === 0 && early.length === 0 ? `${shoppers.filter((shopper) => shopper.unpaidLimitHit).length} visitors reached the limit` : listed([...over, ...early]),
    },
  ];
}

/**
 * Mails: one confirmation per order to its billing address, one staff notification per order,
 * none twice, nothing failed in the outbox.
 * @param {{ created: CreatedOrder[], mails: ParsedMail[], outbox: { pending: number, sending: number, sent: number, failed: number } | null, drained: boolean }} input
 * @returns {{ assertions: Assertion[], confirmations: number, notifications: number }}
 */
export function mailAssertions({ created, mails, outbox, drained }) {
  const missing = [];
  const twice = [];
  let confirmations = 0;
  let notifications = 0;
  /** @type {Map<string, number>} */
  const subjects = new Map();
  for (const mail of mails) {
    for (const to of mail.envelopeTo) subjects.set(`${to} ${mail.subject}`, (subjects.get(`${to} ${mail.subject}`) ?? 0) + 1);
  }
  for (const order of created) {
    const confirmation = [...subjects.entries()].filter(([key]) => key.startsWith(`${order.email.toLowerCase()} `) && key.includes(`commande n° ${order.number} `));
    const count = confirmation.reduce((sum, [, value]) => sum + value, 0);
    if (count === 0) missing.push(`#${order.number} confirmation to ${order.email}`);
    if (count > 1) twice.push(`#${order.number} confirmation × ${count}`);
    if (count > 0) confirmations += 1;
    const staff = mails.filter((mail) => mail.subject === `Nouvelle commande #${order.number}`).length;
    if (staff === 0) missing.push(`#${order.number} staff notification`);
    if (staff > 1) twice.push(`#${order.number} staff notification × ${staff}`);
    if (staff > 0) notifications += 1;
  }
  return {
    assertions: [
      {
        name: 'every order’s confirmation mail (and staff notification) received by SMTP',
        ok: missing.length === 0,
        detail: missing.length === 0 ? `${confirmations} confirmations, ${notifications} notifications for ${created.length} orders` : listed(missing),
      },
      { name: 'no mail received twice', ok: twice.length === 0, detail: twice.length === 0 ? `${mails.length} mails received` : listed(twice) },
      {
        name: 'outbox drained, nothing failed',
        ok: drained && outbox !== null && outbox.failed === 0 && outbox.pending === 0 && outbox.sending === 0,
        detail: outbox ? `pending ${outbox.pending}, sending ${outbox.sending}, sent ${outbox.sent}, failed ${outbox.failed}${drained ? '' : ' (wait timed out)'}` : 'not read',
      },
    ],
    confirmations,
    notifications,
  };
}
