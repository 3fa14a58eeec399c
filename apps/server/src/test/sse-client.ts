import http from 'node:http';

export interface SseMessage {
  event: string;
  data: string;
}

/** A raw Server-Sent Events client for tests: collects messages and comment lines of one stream. */
export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  messages: SseMessage[];
  comments: string[];
  /** Resolves when a message matching `predicate` has arrived (or rejects after `timeoutMs`). */
  waitFor(predicate: (message: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function openSseStream(baseUrl: string, path: string, headers: Record<string, string>): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, baseUrl), { headers: { accept: 'text/event-stream', ...headers } });
    request.on('error', reject);
    request.on('response', (response) => {
      const messages: SseMessage[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      let resolveEnded: () => void = () => undefined;
      const ended = new Promise<void>((done) => (resolveEnded = done));
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let boundary = buffer.indexOf('\n\n');
        while (boundary >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trim());
          }
          if (data.length > 0) messages.push({ event, data: data.join('\n') });
          for (const wake of [...waiters]) wake();
          boundary = buffer.indexOf('\n\n');
        }
      });
      response.on('end', resolveEnded);
      response.on('close', resolveEnded);
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        messages,
        comments,
        ended,
        waitFor(predicate, timeoutMs = 5_000) {
          return new Promise((done, fail) => {
            const check = () => {
              const found = messages.find(predicate);
              if (!found) return false;
              waiters.delete(check);
              clearTimeout(timer);
              done(found);
              return true;
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching SSE message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
            }, timeoutMs);
            if (!check()) waiters.add(check);
          });
        },
        close: () => request.destroy(),
      });
    });
  });
}

/** The data of `data:` messages parsed as JSON (the realtime events). */
export function eventData(message: SseMessage): Record<string, unknown> {
  return JSON.parse(message.data) as Record<string, unknown>;
}
