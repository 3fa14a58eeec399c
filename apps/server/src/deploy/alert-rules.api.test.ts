import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parser as promqlParser } from '@prometheus-io/lezer-promql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fromPackageDir } from '../paths';
import { type TestApp, createTestApp } from '../test/test-app';

interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

const rules = (
  parse(readFileSync(join(fromPackageDir('../..'), 'deploy/alerts.yml'), 'utf8')) as {
    groups: { name: string; rules: AlertRule[] }[];
  }
).groups.flatMap((group) => group.rules);

/** The metric names an expression selects, or the offsets of its syntax errors (Prometheus's own PromQL grammar). */
function readExpression(expression: string): { metrics: string[]; errorsAt: number[] } {
  const metrics = new Set<string>();
  const errorsAt: number[] = [];
  const cursor = promqlParser.parse(expression).cursor();
  do {
    if (cursor.type.isError) errorsAt.push(cursor.from);
    if (cursor.name === 'Identifier' && cursor.node.parent?.name === 'VectorSelector') {
      metrics.add(expression.slice(cursor.from, cursor.to));
    }
  } while (cursor.next());
  return { metrics: [...metrics], errorsAt };
}

/** `foo_bucket` → `foo`: the family a histogram's series belong to. */
const familyOf = (metric: string) => metric.replace(/_(bucket|count|sum)$/, '');

describe('deploy/alerts.yml', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: 'alert-rules-token-0123' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('alerts on 5xx rate, p99 answer time, outbox backlog, queue depth and event-loop lag', () => {
    const expressions = Object.fromEntries(rules.map((rule) => [rule.alert, rule.expr]));
    expect(expressions.TradeOpsHighErrorRate).toMatch(/status=~"5\.\."/);
    expect(expressions.TradeOpsSlowRequests).toMatch(/histogram_quantile\(0\.99,/);
    expect(expressions.TradeOpsMailOutboxBacklog).toContain('tradeops_email_outbox_unsent');
    expect(expressions.TradeOpsJobQueueBacklog).toContain('tradeops_job_queue_jobs');
    expect(expressions.TradeOpsEventLoopLag).toContain('tradeops_event_loop_lag_seconds_bucket');
    for (const rule of rules) {
      expect(rule.labels?.severity, rule.alert).toMatch(/^(page|warn)$/);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      expect(rule.for ?? '0s', rule.alert).toMatch(/^\d+[smh]$/);
    }
  });

  it('has expressions that parse, on metrics the server exports', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer alert-rules-token-0123' },
    });
    const exported = new Set([...response.body.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]!));
    for (const rule of rules) {
      const { metrics, errorsAt } = readExpression(rule.expr);
      expect(errorsAt, `${rule.alert}: syntax errors`).toEqual([]);
      expect(metrics.length, rule.alert).toBeGreaterThan(0);
      // `up` is Prometheus's own series for every scrape target.
      for (const metric of metrics.filter((name) => name !== 'up')) {
        expect(exported.has(familyOf(metric)), `${rule.alert}: ${metric}`).toBe(true);
      }
    }
  });

  it('refuses a broken expression (the check can fail)', () => {
    expect(readExpression('sum(rate(tradeops_http_request_duration_seconds_count[5m]) >').errorsAt).not.toEqual([]);
  });
});
