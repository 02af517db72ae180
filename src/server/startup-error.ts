/**
 * A start-up failure the operator can fix (bad configuration, an unusable DATA_DIR, a damaged or unreachable
 * database, a port in use). Its message is one line that names what is wrong and how to fix it; main.ts prints just
 * that line, without a stack trace, and exits non-zero. Any other error at start-up is a bug and keeps its stack.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/**
 * Why the server could not listen on PORT and HOST, as a StartupError; an error we do not expect stays as it is (a
 * bug keeps its stack). Node's own message ("listen EADDRINUSE: address already in use") names neither variable.
 */
export function listenRefusal(error: unknown, port: number, host: string): unknown {
  switch (errorCode(error)) {
    case 'EADDRINUSE':
      return new StartupError(`Port ${port} is already in use: stop the other program or set PORT`, { cause: error });
    case 'EACCES':
      return new StartupError(`Port ${port} needs privileges this user does not have: set PORT to 1024 or above`, {
        cause: error,
      });
    case 'EADDRNOTAVAIL':
      return new StartupError(
        `HOST ${host} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all`,
        { cause: error },
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartupError(`HOST ${host} does not resolve to an address: set HOST to an IP address`, {
        cause: error,
      });
    default:
      return error;
  }
}
