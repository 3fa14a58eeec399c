# syntax=docker/dockerfile:1
# TradeOps in one image: the API server, which also serves the built web app (docs/deploy.md).
#   docker build -t tradeops .
#   docker run -p 3000:3000 -e PUBLIC_URL=… -e SESSION_SECRET=… -e DATABASE_URL=… tradeops
# Its start-up (CMD below) is exercised without Docker by apps/server/src/deploy/container-start.api.test.ts,
# which reads this file: keep the runtime stage's COPY lines, ENV and CMD plain.

# Pinned to one release (docs/deploy.md, "Updating the pinned images"): the same as .ci/run's NODE_LTS.
ARG NODE_VERSION=24.21.0

# Build: every dependency, then the web app (Vite) and the server bundle (esbuild), as `npm run build` does.
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# The manifests alone first, so the dependency layer is reused until they change.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# Exactly the committed lockfile (as .ci/run installs it).
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime: the server's production dependencies only, the two builds, the migrations, a non-root user.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
# --omit=optional too: npm keeps the dev tools that a production package names as optional peers
# (vitest, drizzle-kit …) unless optional ones are left out; the server needs none of them. That also
# leaves out resvg's prebuilt binary (an optional dependency, one per platform; the preview images,
# docs/decisions/014): it is named once more for this image's platform (Debian: glibc).
RUN npm ci --omit=dev --omit=optional --workspace @tradeops/server --no-audit --no-fund \
  && npm install --omit=dev --omit=optional --no-save --workspace @tradeops/server --no-audit --no-fund \
    "@resvg/resvg-js-linux-$(node -p process.arch)-gnu@2.6.2" \
  && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/server/src/seed/assets apps/server/src/seed/assets
COPY --from=build /app/apps/web/dist apps/web/dist
# The server renderer of the public pages (vite build --ssr; docs/decisions/015).
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
# DATA_DIR: the embedded database and local files when no DATABASE_URL / STORAGE=s3 is given
# (mount a volume there); unused otherwise. The application files stay root's, read-only to the app.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Liveness only: a database outage must not get every instance restarted (readiness is
# /api/health/ready, for the load balancer).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health/live', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# docker stop sends STOPSIGNAL, then kills after its grace period (10 s by default; compose.yaml's
# stop_grace_period): on SIGTERM the server reports not-ready, keeps serving for SHUTDOWN_DRAIN_SECONDS
# (5), then closes connections, job workers and the database within 4 s.
STOPSIGNAL SIGTERM
# The operator's commands (apps/server/src/cli.ts): `docker run … tradeops db:migrate`, or
# `docker compose run --rm app1 <command>`. With none, `serve`: what `npm start` runs once the build
# exists; the server migrates (under an advisory lock, so several instances may start at once), seeds
# only if SEED_DEMO=true, then serves web and API.
ENTRYPOINT ["node", "apps/server/dist/cli.js"]
CMD ["serve"]
