# Konok in one container: the web app, the marketplace API and the embedded database (PGlite)
# in one Node process, with its data in the /data volume.
#
#   docker build -t konok .
#   docker run -d --name konok -p 3000:3000 -v konok-data:/data \
#     -e SESSION_SECRET="$(openssl rand -base64 48)" -e DATA_ENCRYPTION_KEY="$(openssl rand -base64 48)" \
#     -e PAYMENTS_PROVIDER=freedompay -e FREEDOMPAY_MERCHANT_ID=… -e FREEDOMPAY_SECRET_KEY=… \
#     -e PUBLIC_URL=https://… -e SMS_PROVIDER=nikita -e NIKITA_LOGIN=… -e NIKITA_PASSWORD=… -e NIKITA_SENDER=… konok
#
# SESSION_SECRET and DATA_ENCRYPTION_KEY (at least 32 characters each), a payment gateway
# (PAYMENTS_PROVIDER=freedompay with its merchant settings, or PAYMENTS_SANDBOX=1 for a trial
# without real money) and SMS_PROVIDER (nikita, twilio, or log for a trial without SMS) are
# required: production refuses to start without them.
# See docs/operations.md for every variable (DATABASE_URL for PostgreSQL, API_BASE_URL, ...).

# 1. deps: every dependency, dev ones included, for the build.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
# patches/: fixes to dependencies that patch-package applies after every install (postinstall).
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund

# 2. build: the Remix build (build/, public/build/) and the server bundle (dist/server.js, dist/migrations/).
FROM deps AS build
COPY . .
RUN npm run build

# 3. runtime: production dependencies and the build output only.
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
# Two malloc arenas instead of glibc's eight per core: the threads that compress answers and run
# PGlite each got an arena of their own and kept it fragmented; after a minute of load the process
# held ~630 MB instead of ~360 (docs/decisions/0053-two-malloc-arenas.md). Blocks over 128 KB (the
# compression streams' windows) are mapped and unmapped on their own instead of splitting the
# arenas, and freed memory at an arena's top goes back to the system: ~90 MB less after a
# minute of load (docs/decisions/0056-bounded-heap-growth.md).
ENV NODE_ENV=production DATA_DIR=/data PORT=3000 MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=131072
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/dist ./dist
# The image's `node` user (uid 1000) owns the data folder; the code stays read-only to it.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# No curl in the slim image: ask /healthz with node's own fetch.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) lets running requests finish and closes the database cleanly.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server.js"]
