import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PaymentMethodId } from '@erepare/shared/shop';
import type { Database } from '../../db/client.js';
import type { OnJobRun } from '../../jobs/job-runs.js';
import { readOrderCounts, readOutboxes, readPaymentCounts, type OutboxState, type StatusCount } from './repository.js';

/**
 * The application's Prometheus metrics (issue 23 §6), in a registry of its own: never prom-client's
 * global one, since a process may build several applications (the tests build many). Label values
 * come from short fixed lists (route patterns, statuses, job names), never from a request's
 * address or a row's content: bounded series, and no personal data in what a scraper stores.
 */

export type JobName = 'cleanup' | 'order_expiry' | 'paypal_pending' | 'ticket_tracking' | 'mail_outbox' | 'push_outbox' | 'sms_outbox' | 'backup' | 'repairdesk_payments';

export type RequestLabels = { method: string; route: string; statusCode: number };

export type Metrics = {
  registry: Registry;
  /** The content type of `scrape()`'s text (Prometheus text format 0.0.4). */
  contentType: string;
  /** The text of one scrape: this application's metrics and the process's (event loop, memory, GC). */
  scrape: () => Promise<string>;
  /** Counts one answered request and its duration. */
  observeRequest: (labels: RequestLabels, seconds: number) => void;
  /** The `onRun` to hand a background job: counts its runs, failures and durations. */
  jobRun: (job: JobName) => OnJobRun;
  /** Stops observing the database's queries. */
  stop: () => void;
};

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DB_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];

const PAYMENT_PROVIDERS = new Set(['stripe', 'paypal']);
const PAYMENT_STATUSES = new Set(['created', 'processing', 'succeeded', 'failed', 'canceled', 'refunded']);
const ORDER_METHODS = new Set<string>(['bacs', 'cod', 'stripe', 'klarna', 'paypal', 'revolut_pay'] satisfies PaymentMethodId[]);
const ORDER_STATUSES = new Set(['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed']);

/** A column value used as a label only when it is one the code writes; anything else counts as `other`. */
const known = (values: Set<string>, value: string) => (values.has(value) ? value : 'other');

/**
 * Event loop, memory, GC and process metrics are the process's, whatever the number of
 * applications in it: collected once (each collection starts its own event-loop monitor).
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

type DatabaseState = { outboxes: OutboxState[]; payments: StatusCount[]; orders: StatusCount[] };

export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  const registers = [registry];

  const httpRequests = new Counter({
    name: 'erepare_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'erepare_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });

  const queryDuration = new Histogram({
    name: 'erepare_db_query_duration_seconds',
    help: 'Duration of the database queries of the application (pool wait included on PostgreSQL), by outcome',
    labelNames: ['outcome'] as const,
    buckets: DB_BUCKETS,
    registers,
  });
  const stopObserving = database.observeQueries((seconds, ok) => queryDuration.observe({ outcome: ok ? 'ok' : 'error' }, seconds));

  const { poolStats } = database;
  if (poolStats) {
    new Gauge({
      name: 'erepare_db_pool_connections',
      help: 'PostgreSQL pool connections, by state (total open, idle among them)',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
      },
    });
    new Gauge({
      name: 'erepare_db_pool_waiting_clients',
      help: 'Queries waiting for a PostgreSQL pool connection',
      registers,
      collect() {
        this.set(poolStats().waiting);
      },
    });
  }

  // The gauges below are read from the database once per scrape: the registry asks every
  // metric in the same turn, so they share one reading, forgotten once it is done.
  let reading: Promise<DatabaseState | null> | undefined;
  const state = (): Promise<DatabaseState | null> =>
    (reading ??= Promise.all([readOutboxes(database.db), readPaymentCounts(database.db), readOrderCounts(database.db)])
      .then(([outboxes, payments, orders]) => ({ outboxes, payments, orders }))
      // An unreachable database leaves these gauges empty and erepare_database_up at 0: the scrape still answers.
      .catch(() => null)
      .finally(() => {
        reading = undefined;
      }));

  new Gauge({
    name: 'erepare_database_up',
    help: 'Whether the database answered the scrape (1) or not (0)',
    registers,
    async collect() {
      this.set((await state()) ? 1 : 0);
    },
  });
  const outboxGauge = (name: string, help: string, value: (outbox: OutboxState) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        const current = await state();
        this.reset();
        for (const outbox of current?.outboxes ?? []) this.set({ queue: outbox.queue }, value(outbox));
      },
    });
  outboxGauge('erepare_outbox_backlog', 'Mails or pushes queued and not sent yet (retries included), by queue', (outbox) => outbox.backlog);
  outboxGauge('erepare_outbox_oldest_age_seconds', 'Age of the oldest mail or push not sent yet (0 when none), by queue', (outbox) => outbox.oldestAgeSeconds);
  outboxGauge('erepare_outbox_failed', 'Mails or pushes given up and still in the outbox, by queue', (outbox) => outbox.failed);

  const countGauge = (name: string, help: string, groupLabel: 'provider' | 'payment_method', pick: (state: DatabaseState) => StatusCount[], groups: Set<string>, statuses: Set<string>) =>
    new Gauge({
      name,
      help,
      labelNames: [groupLabel, 'status'] as const,
      registers,
      async collect() {
        const current = await state();
        this.reset();
        for (const row of current ? pick(current) : []) this.inc({ [groupLabel]: known(groups, row.group), status: known(statuses, row.status) }, row.count);
      },
    });
  countGauge('erepare_payments', 'Online payments (Stripe, PayPal) by provider and status', 'provider', (current) => current.payments, PAYMENT_PROVIDERS, PAYMENT_STATUSES);
  countGauge('erepare_orders', 'Orders by payment method and status', 'payment_method', (current) => current.orders, ORDER_METHODS, ORDER_STATUSES);

  const jobRuns = new Counter({ name: 'erepare_job_runs_total', help: 'Runs of a background job', labelNames: ['job'] as const, registers });
  const jobFailures = new Counter({ name: 'erepare_job_failures_total', help: 'Runs of a background job that failed (an error stopped the run)', labelNames: ['job'] as const, registers });
  const jobDuration = new Histogram({ name: 'erepare_job_duration_seconds', help: 'Duration of a background job run', labelNames: ['job'] as const, buckets: JOB_BUCKETS, registers });
  const jobLastSuccess = new Gauge({ name: 'erepare_job_last_success_timestamp_seconds', help: 'When a background job last ran without failing (Unix time)', labelNames: ['job'] as const, registers });

  return {
    registry,
    contentType: registry.contentType,
    scrape: () => Registry.merge([processMetrics(), registry]).metrics(),
    observeRequest: ({ method, route, statusCode }, seconds) => {
      httpRequests.inc({ method, route, status_code: String(statusCode) });
      httpDuration.observe({ method, route, status_class: `${Math.floor(statusCode / 100)}xx` }, seconds);
    },
    jobRun: (job) => {
      // The job's series exist from its start (at 0), not from its first run.
      jobRuns.inc({ job }, 0);
      jobFailures.inc({ job }, 0);
      return ({ failed, durationMs }) => {
        jobRuns.inc({ job });
        jobDuration.observe({ job }, durationMs / 1000);
        if (failed) jobFailures.inc({ job });
        else jobLastSuccess.set({ job }, Date.now() / 1000);
      };
    },
    stop: stopObserving,
  };
}
