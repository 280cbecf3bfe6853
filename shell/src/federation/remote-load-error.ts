import type { RemoteName } from '@atelier/contracts';

/** A remote's entry or its routes module could not be loaded (network, server, bad build). */
export class RemoteLoadError extends Error {
  readonly remote: RemoteName;

  constructor(remote: RemoteName, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`The ${remote} area could not be loaded: ${reason}`);
    this.name = 'RemoteLoadError';
    this.remote = remote;
  }
}

export const isRemoteLoadError = (error: unknown): error is RemoteLoadError =>
  error instanceof RemoteLoadError;
