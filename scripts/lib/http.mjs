// One JSON request over a keep-alive agent, for the benchmark scripts (bench-commerce.mjs,
// bench-search.mjs): {status, body, headers, ms}; a network failure is status -1.
import http from 'node:http';

export function requestJson(agent, url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      url,
      { method, agent, headers: { accept: 'application/json', ...headers } },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', () =>
          resolve({ status: -1, body: null, headers: {}, ms: performance.now() - started }),
        );
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed = null;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            parsed = text;
          }
          resolve({
            status: res.statusCode ?? 0,
            body: parsed,
            headers: res.headers,
            ms: performance.now() - started,
          });
        });
      },
    );
    req.on('error', (error) =>
      resolve({ status: -1, body: String(error), headers: {}, ms: performance.now() - started }),
    );
    req.end(body);
  });
}
