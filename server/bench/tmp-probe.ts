import autocannon from 'autocannon';
import { startServer } from './server-process.ts';
const server = await startServer({ PORT: '4323' }, 120_000);
try {
  const list = (await (await fetch(`${server.base}/api/products`)).json()) as { products: Array<{ _id: string }> };
  for (const p of ['/livez', `/api/products/${list.products[0]!._id}`, '/livez', `/api/products/${list.products[0]!._id}`]) {
    const r = await autocannon({ url: server.base + p, connections: 10, duration: 3 });
    console.log(p, Math.round(r.requests.average), r.latency.p99);
  }
} finally {
  await server.stop();
}
