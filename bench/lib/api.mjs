// HTTP calls to the running server for the reliability scripts, and the tally of their answers.
// A failure is what a client could not act on: no answer (timeout, dropped connection), a 5xx, or a
// 4xx without the `{ error: { code } }` body every refusal of the API carries.

/** One request: `json` sends a JSON body, `file` a multipart upload; never throws. */
export async function callApi(origin, method, path, { cookie, json, file, timeoutMs = 15_000 } = {}) {
  const headers = { origin };
  if (cookie) headers.cookie = cookie;
  let body;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (file) {
    body = new FormData();
    body.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  }
  const started = performance.now();
  try {
    const response = await fetch(`${origin}${path}`, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let parsed = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: counted as a failure below when it is a refusal
    }
    return {
      status: response.status,
      code: parsed?.error?.code ?? null,
      body: parsed,
      ms: performance.now() - started,
    };
  } catch (error) {
    return { status: 0, code: null, body: null, error: error.name, ms: performance.now() - started };
  }
}

/** Answers per kind of request: 2xx, 4xx by error code, and failures by cause. */
export class AnswerTally {
  kinds = {};

  /** Records one answer; returns whether it was a failure. */
  add(kind, result) {
    const row = (this.kinds[kind] ??= {
      requests: 0,
      ok_2xx: 0,
      refused_4xx: 0,
      refused_by_code: {},
      failures: 0,
      latencies: [],
    });
    row.requests += 1;
    row.latencies.push(result.ms);
    let failure = null;
    if (result.status >= 200 && result.status < 300) row.ok_2xx += 1;
    else if (result.status >= 400 && result.status < 500 && result.code) {
      row.refused_4xx += 1;
      const key = `${result.status} ${result.code}`;
      row.refused_by_code[key] = (row.refused_by_code[key] ?? 0) + 1;
    } else if (result.status === 0) failure = `no answer (${result.error})`;
    else if (result.status >= 500) failure = `${result.status} ${result.code ?? ''}`.trim();
    else failure = `${result.status} without an error code`;
    if (failure) {
      row.failures += 1;
      (row.failure_causes ??= {})[failure] = (row.failure_causes[failure] ?? 0) + 1;
    }
    return failure !== null;
  }

  /** The rows without their raw latencies, with p50 / p99 / max in ms instead. */
  summary() {
    return Object.fromEntries(
      Object.entries(this.kinds).map(([kind, { latencies, ...row }]) => {
        const sorted = [...latencies].sort((a, b) => a - b);
        const at = (q) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
        return [kind, { ...row, p50_ms: at(0.5), p99_ms: at(0.99), max_ms: Math.round(sorted.at(-1) ?? 0) }];
      }),
    );
  }

  get failures() {
    return Object.values(this.kinds).reduce((sum, row) => sum + row.failures, 0);
  }

  get requests() {
    return Object.values(this.kinds).reduce((sum, row) => sum + row.requests, 0);
  }
}

/** The smallest file the payment-proof upload accepts as a PDF (it reads the type from the first bytes). */
export const PROOF_PDF = {
  name: 'transfer-receipt.pdf',
  type: 'application/pdf',
  bytes: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
};
