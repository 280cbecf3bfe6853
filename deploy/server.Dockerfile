# The API server image: Fastify on Node 20, serving the API, the shell's production build
# and /remotes.json (from REMOTES_FILE). Build from the repository root:
#   docker build -f deploy/server.Dockerfile -t atelier-server .
# The remotes are not in this image: each is its own container (deploy/frontend.Dockerfile).

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

# Stage 2: the server with its production dependencies only (tsx runs the TypeScript).
FROM base AS server
COPY . .
RUN pnpm install --frozen-lockfile --prod --filter "@atelier/server..."
COPY --from=shell /app/shell/dist /srv/frontend/shell/dist

# pnpm does not pass a stop signal on to the server: run the image with an init that signals
# the whole process group (`init: true` in docker-compose.yml, `docker run --init`), so the
# server shuts down gracefully.
ENV TINI_KILL_PROCESS_GROUP=1
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    FRONTEND_DIR=/srv/frontend
VOLUME ["/data"]
EXPOSE 8080
CMD ["pnpm", "--filter", "@atelier/server", "start"]
