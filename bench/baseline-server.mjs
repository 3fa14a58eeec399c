// Baseline A: a bare Fastify route, run as its own Node process like the app server
// (one process, one event loop, loopback), so it competes for the same cores the same way.
// No plugins, no logger, no database: the ceiling any route of ours can reach on this machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'ok' }));
// The same bytes the catalogue answers, pre-serialised and encoded once: the ceiling for a cached
// catalogue of that size.
let payload = Buffer.from('{}');
process.on('message', (message) => {
  if (typeof message?.payload === 'string') payload = Buffer.from(message.payload);
});
app.get('/same-bytes', async (request, reply) => reply.type('application/json; charset=utf-8').send(payload));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.send?.('ready');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.close().then(() => process.exit(0)));
