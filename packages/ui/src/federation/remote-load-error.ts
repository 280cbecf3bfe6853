import type { RemoteName } from '@atelier/contracts';

/**
 * A remote's entry or one of its exposed modules could not be loaded (network, server down,
 * bad build). `exposed` names the module ('./routes', './quick-add').
 */
export class RemoteLoadError extends Error {
  readonly remote: RemoteName;
  readonly exposed: string | undefined;

  constructor(remote: RemoteName, cause: unknown, exposed?: string) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    const what = exposed && exposed !== './routes' ? `${remote} ${exposed}` : `${remote} area`;
    super(`The ${what} could not be loaded: ${reason}`);
    this.name = 'RemoteLoadError';
    this.remote = remote;
    this.exposed = exposed;
  }
}

export const isRemoteLoadError = (error: unknown): error is RemoteLoadError =>
  error instanceof RemoteLoadError;
