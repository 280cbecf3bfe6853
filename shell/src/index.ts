// Async boundary: the shared modules (React, antd …) are negotiated before bootstrap runs.
// The boot's largest modules are fetched together (the HTML preloads them) but each is
// evaluated in its own task as it arrives, and bootstrap a task later: evaluated all at once
// they made one ~110 ms task before the first render, the page's longest (issue 12).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Each is also asked for in a task of its own, the first after the federation runtime's own
// set-up: asking is the federation runtime matching the module's shared dependencies and
// adding their scripts, which for the four at once was one task of 76–217 ms (the HTML's
// preloads have the files on their way already, so asking a task later costs no fetch time).
const BOOT_MODULES = [
  () => import('react-dom/client'),
  () => import('react-router-dom'),
  () => import('@atelier/session'),
  () => import('@atelier/ui'),
];

async function start(): Promise<void> {
  const loading: Promise<unknown>[] = [];
  for (const load of BOOT_MODULES) {
    await nextTask();
    loading.push(load());
  }
  await Promise.all(loading);
  await nextTask();
  await import('./bootstrap');
}

void start();
