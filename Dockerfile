# Homelab Dashboard: built with every dependency, run with the production ones only (README, "Container").
#
# Debian bookworm (glibc), not Alpine (musl): better-sqlite3 and sharp are native modules whose prebuilt binaries are
# made for glibc Linux (sharp brings its own libvips for it). Where better-sqlite3 has no prebuilt binary it compiles
# from source, which the full build image can do (python3, make, g++). node_modules is copied from the build stage
# to the slim runtime stage, so both use the same Node major and the same Debian release.
ARG NODE_VERSION=20

FROM node:${NODE_VERSION}-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY index.html vite.config.ts tsconfig.json ./
COPY public ./public
COPY scripts ./scripts
COPY src ./src
# dist/client (Vite) and dist/server (esbuild), then the dev dependencies go.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
# The memory settings `npm start` uses (scripts/server-node.mjs); DATA_DIR holds the SQLite file and the uploads.
ENV NODE_ENV=production \
    PORT=5000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=16384
WORKDIR /app
# package.json says the bundle is an ES module ("type": "module").
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
# The node user (uid 1000) of the official image; the code stays root-owned and read-only to it.
USER node
VOLUME ["/data"]
EXPOSE 5000
# Node itself asks /healthz: the slim image has no curl or wget.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node directly, not `npm start` (which would try to install and build): it receives SIGTERM and shuts down cleanly.
CMD ["node", "--optimize-for-size", "--v8-pool-size=1", "--liftoff-only", "dist/server/main.js"]
