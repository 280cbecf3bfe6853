// jsdom has no MessageChannel; antd's Select (rc-select) opens and closes its popup in a
// macrotask made with one. This stand-in posts through setTimeout, so fake timers drive it
// too. Only the part rc-select uses: port1.onmessage, port2.postMessage. (The same stand-in
// as @atelier/ui's and quick-add's; jest.setup-dom.cjs would be its natural home.)
type Listener = ((event: { data: unknown }) => void) | null;

class TimeoutMessagePort {
  onmessage: Listener = null;
  other: TimeoutMessagePort | null = null;
  postMessage(data: unknown) {
    const target = this.other;
    setTimeout(() => target?.onmessage?.({ data }), 0);
  }
  close() {
    this.onmessage = null;
  }
}

class TimeoutMessageChannel {
  readonly port1 = new TimeoutMessagePort();
  readonly port2 = new TimeoutMessagePort();
  constructor() {
    this.port1.other = this.port2;
    this.port2.other = this.port1;
  }
}

if (typeof globalThis.MessageChannel === 'undefined') {
  (globalThis as { MessageChannel?: unknown }).MessageChannel = TimeoutMessageChannel;
}
export {};
