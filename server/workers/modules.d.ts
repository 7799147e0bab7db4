/** workerd's TCP sockets, which a Worker imports and Node has not. */
declare module 'cloudflare:sockets' {
  export type Socket = {
    readonly readable: ReadableStream<Uint8Array>;
    readonly writable: WritableStream<Uint8Array>;
    readonly opened: Promise<unknown>;
    readonly closed: Promise<void>;
    close(): Promise<void>;
    startTls(): Socket;
  };
  export function connect(
    address: {hostname: string; port: number},
    options?: {secureTransport?: 'off' | 'on' | 'starttls'; allowHalfOpen?: boolean},
  ): Socket;
}
