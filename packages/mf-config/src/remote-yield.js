/**
 * Module Federation runtime plugin: loading a remote's module lets the browser run between
 * its steps. The remote's container is set up (its shared modules registered), its module's
 * code fetched, then the module evaluated: chained by promises, the steps whose code had
 * already arrived ran as one task, ~80–140 ms for the image page's Quick Add on this
 * project's machines (its longest task). A task boundary after the set-up and before the
 * evaluation splits it; `scheduler.yield` resumes ahead of other queued tasks where it exists.
 */
const nextTask = () =>
  typeof globalThis.scheduler?.yield === 'function'
    ? globalThis.scheduler.yield()
    : new Promise((resolve) => setTimeout(resolve, 0));

export default function remoteYield() {
  return {
    name: 'atelier-remote-yield',
    afterInitRemote: () => nextTask(),
    beforeExecuteFactory: () => nextTask(),
  };
}
