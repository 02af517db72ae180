// How Node runs the built server (dist/server/main.js): read by scripts/start.mjs (`npm start`) and by
// tests/helpers/server-process.ts, so the system tests and the benchmarks measure the server as it runs in
// production. Each setting was measured with bench/soak.ts (its idle phase) and `npm run bench:kuma -- --subject=ours`
// (idle RSS); issue 14 asks for at most 80 MiB RSS idle and 100 MiB with 1,000 services checked every 20 s.

/**
 * Node's flags.
 * - `--optimize-for-size`: V8 favours a small heap over speed (a smaller young generation, slower heap growth). The
 *   start-up peak fell from about 115 to about 90 MiB and the idle RSS by a few MiB.
 * - `--v8-pool-size=1`: one V8 worker thread instead of four (concurrent marking, background compiling and
 *   sweeping). Each worker keeps its own stack and allocation buffers. Measured with
 *   `npm run bench:kuma -- --part=server --subject=ours --window=120`, back to back on a loaded machine (load 6):
 *   idle RSS went from 82.0 to 80.5 MiB and the peak with 1,000 services from 102.2 to 95.2 MiB, with CPU per check
 *   unchanged (0.135 and 0.131 ms). `--max-opt=2` (no TurboFan) would save another 6 MiB idle but costs 25 % more CPU
 *   per check, with no lower peak, so it is not used.
 * - `--liftoff-only`: WebAssembly runs on V8's baseline compiler (Liftoff) and is never recompiled by TurboFan. The
 *   one WebAssembly module the server runs is llhttp, undici's HTTP parser, which reads every check's answer. When
 *   its big parser function turned hot, TurboFan's register allocator took about 37 MB of temporary memory
 *   (heaptrack), and in about half of the runs glibc could not give it back: with 1,000 new services the malloc
 *   heap went from 8 to 13-32 MiB and stayed there, the peak from 100 to 104-119 MiB. With Liftoff only, three runs
 *   in a row (bench/soak.ts's idle and 1,000-service phases, GeoIP on) peaked at 99.9-101.4 MiB with the malloc
 *   heap at 8-9 MiB. The price is CPU: `npm run bench:kuma -- --subject=ours` measured 0.144 ms per check against
 *   0.125 ms without the flag, on the same build 20 minutes earlier (decision 0017, session 12).
 * No `--max-old-space-size`: the old generation grows with what the data needs (services up to MAX_SERVICES), and
 *   a limit low enough to matter here would be a crash at the cap, not a saving.
 * No `--enable-source-maps` any more: it parsed and kept the source maps of our bundle and of every package that
 *   ships one, about 9 MiB of RSS for as long as the server runs. The bundle is not minified, so a stack trace
 *   still names our functions; for positions in the TypeScript sources, run with NODE_OPTIONS=--enable-source-maps
 *   (dist/server/main.js.map is built beside it).
 */
export const SERVER_NODE_FLAGS = ['--optimize-for-size', '--v8-pool-size=1', '--liftoff-only'];

/**
 * Environment for the server process (glibc's allocator), unless the caller sets these itself.
 * - MALLOC_ARENA_MAX=2: glibc gives each thread that mallocs an arena of its own (up to 8 per core), and memory
 *   freed in one arena is not reused by another; Node's threads (libuv's pool: file system, hashing, compression;
 *   V8's GC helpers) left several partly used arenas. Two took about 5 MiB off the idle RSS.
 * - MALLOC_MMAP_THRESHOLD_=16384: blocks from 16 KiB up get their own mapping, returned to the system when freed.
 *   glibc's default raises this threshold (up to 32 MiB) each time a larger mapped block is freed, after which such
 *   blocks come from the main heap and can leave it fragmented and resident (freed uploads, large answers).
 *   Setting it turns that adjustment off. Not 128 KiB: Node reads every socket into a fresh 64 KiB block and
 *   shrinks it to what arrived, so at 128 KiB those blocks came from the main heap, and with a check every 20 ms the
 *   freed space was left in holes glibc cannot return (malloc_trim on a running server gave back 28 MiB). Measured
 *   with `npm run bench:monitor -- 1000 20 130`, four settings side by side: peak RSS 149 MiB at 128 KiB against
 *   105-115 MiB at 16, 32 and 64 KiB, RSS at the end 119 against 80-83 MiB; CPU per check the same (0.17-0.19 ms).
 *   16 KiB rather than 64 KiB: V8 compiles in zones of 8-32 KiB segments, freed after each compile; below the
 *   threshold they came from the main heap and left it 2-3 MiB larger after a sign-in and a dashboard load. The
 *   soak's idle phase (probe, three runs each, load under 1): 80.0-82.9 MiB at 64 KiB, 78.8-79.6 MiB at 16 KiB, no
 *   better at 8 KiB; the main heap stays at its start-up size (about 5 MiB). See docs/decisions/0017-bounded-memory.md.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '16384' };
