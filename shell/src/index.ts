// Async boundary: the shared modules (React, antd …) are negotiated before bootstrap runs.
// The boot's largest modules are fetched together but each is evaluated in its own task as
// it arrives, and bootstrap a task later: evaluated all at once they made one ~110 ms task
// before the first render, the page's longest (issue 12).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  await Promise.all([
    import('react-dom/client'),
    import('react-router-dom'),
    import('@atelier/session'),
    import('@atelier/ui'),
  ]);
  await nextTask();
  await import('./bootstrap');
}

void start();
