# One front end as a static site: its production build served by nginx with CORS headers,
# so a shell on another origin can load it. Build from the repository root with the app's
# workspace name:
#   docker build -f deploy/frontend.Dockerfile --build-arg APP=mf-cart -t atelier-mf-cart .
# Any of shell, mf-storefront, mf-cart, mf-artist, mf-manage.

FROM node:20-bookworm-slim AS build
ARG APP
RUN test -n "$APP" || { echo "build arg APP is required (e.g. --build-arg APP=mf-cart)" >&2; exit 1; }
ENV COREPACK_ENABLE_DOWNLOAD_PROMPT=0 \
    CI=true
# pnpm from the hash-pinned `packageManager` field of package.json.
RUN corepack enable
WORKDIR /app
COPY . .
# Source maps stay out of the image: served, they would publish the source.
RUN pnpm install --frozen-lockfile --filter "${APP}..." \
 && pnpm --filter "${APP}" build \
 && find "${APP}/dist" -name '*.map' -delete

FROM nginx:alpine
ARG APP
COPY deploy/nginx/frontend.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/${APP}/dist /usr/share/nginx/html
EXPOSE 80
