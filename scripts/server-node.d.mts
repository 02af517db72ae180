/** Node's flags for the built server (server-node.mjs says why each is there). */
export declare const SERVER_NODE_FLAGS: readonly string[];
/** Environment for the server process (server-node.mjs says why). */
export declare const SERVER_ENV: Readonly<Record<string, string>>;
