# The API server image: Fastify on Node 20, serving the API, the shell's production build
# and /remotes.json (from REMOTES_FILE). Build from the repository root:
#   docker build -f deploy/server.Dockerfile -t atelier-server .
# The remotes are not in this image: each is its own container (deploy/frontend.Dockerfile).
# The runtime stage has JavaScript only: no TypeScript, tsx or pnpm (docs/deployment.md).

FROM node:20-bookworm-slim AS base
ENV COREPACK_ENABLE_DOWNLOAD_PROMPT=0 \
    CI=true
# pnpm from the hash-pinned `packageManager` field of package.json.
RUN corepack enable
WORKDIR /app

# Stage 1: the shell's production build (needs the front-end toolchain).
FROM base AS shell
COPY . .
# Source maps stay out of the image (NODE_ENV=production also stops the server serving any).
RUN pnpm install --frozen-lockfile --filter "shell..." \
 && pnpm --filter shell build \
 && find shell/dist -name '*.map' -delete

# Stage 2: the server and the demo's first start compiled to JavaScript (esbuild), then the
# server's production dependencies alone in /out (`pnpm deploy`).
FROM base AS build
COPY . .
RUN pnpm install --frozen-lockfile --filter "@atelier/server..." --filter "@atelier/demo..." \
 && pnpm --filter @atelier/server build \
 && pnpm --filter @atelier/demo build \
 && pnpm --filter @atelier/server deploy --prod --legacy /out \
 && rm -rf /out/src \
 && cp -r packages/server/dist /out/dist \
 && cp -r tools/demo/dist /out/demo

# Stage 3: the runtime, plain Node.
FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=build /out /app
COPY --from=shell /app/shell/dist /srv/frontend/shell/dist
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    FRONTEND_DIR=/srv/frontend
VOLUME ["/data"]
EXPOSE 8080
# Migrations and, with DEMO_IMAGES > 0 on an empty catalogue, the demo catalogue; then the
# server replaces the shell (exec), so the init (`init: true` in docker-compose.yml) signals
# node directly; node's flags are `pnpm start`'s (V8's young generation, its collector and the
# old generation's growth, docs/performance.md; server-start-flags.test.ts holds them together).
# Tools: `docker compose exec server node dist/staff-create.js …`
# (also dist/catalogue-import.js, dist/fields-rotate.js, demo/seed.js).
CMD ["/bin/sh", "-c", "node demo/first-start.js && exec node --max-semi-space-size=16 --single-threaded-gc --heap-growing-percent=100 dist/server.js"]
