# syntax=docker/dockerfile:1
# One image per program, one target each:
#   docker build --target gateway -t postwright/gateway .   (also: auth, content, linkedin,
#   scheduler, billing, linkedin-sandbox, billing-sandbox; `docker compose build` builds them all)
# Each image holds its program's compiled bundle (platform/scripts/build.js: our workspaces
# compiled in, npm packages external) and only that program's production dependencies,
# installed from the committed lock with the same `npm ci` as .ci/run. It runs on Node 24 (the
# LTS line .ci/run tests on too) without npm, npx, corepack or yarn, as the unprivileged `node`
# user, and checks itself on GET /ready.

ARG NODE_IMAGE=node:24-bookworm-slim

# The package files alone: the install layers below are rebuilt only when one of them changes.
# npm needs every workspace's package.json to check the lock, even to install one workspace.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY platform/package.json platform/
COPY gateway/package.json gateway/
COPY services/auth/package.json services/auth/
COPY services/billing/package.json services/billing/
COPY services/billing-sandbox/package.json services/billing-sandbox/
COPY services/content/package.json services/content/
COPY services/linkedin/package.json services/linkedin/
COPY services/linkedin-sandbox/package.json services/linkedin-sandbox/
COPY services/scheduler/package.json services/scheduler/
COPY web/package.json web/
COPY e2e/package.json e2e/

# Every program compiled, and the web app built (the gateway serves it).
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN node platform/scripts/build.js --force && npm run build -w web

# Each program's production dependencies: its own, and those of the workspaces it uses.
FROM manifests AS gateway-deps
RUN npm ci --omit=dev --no-audit --no-fund --workspace gateway
FROM manifests AS auth-deps
RUN npm ci --omit=dev --no-audit --no-fund --workspace services/auth
FROM manifests AS content-deps
RUN npm ci --omit=dev --no-audit --no-fund --workspace services/content
FROM manifests AS linkedin-deps
RUN npm ci --omit=dev --no-audit --no-fund --workspace services/linkedin
FROM manifests AS scheduler-deps
RUN npm ci --omit=dev --no-audit --no-fund --workspace services/scheduler
FROM manifests AS billing-deps
RUN npm ci --omit=dev --no-audit --no-fund --workspace services/billing
FROM manifests AS linkedin-sandbox-deps
RUN npm ci --omit=dev --no-audit --no-fund --workspace services/linkedin-sandbox
FROM manifests AS billing-sandbox-deps
RUN npm ci --omit=dev --no-audit --no-fund --workspace services/billing-sandbox

# What every program's image shares. PORT and HOST are a container's defaults; the compose
# file and the Kubernetes manifests say them again. The programs need node alone: the package
# managers go (less to patch, nothing to install with at run time); the shell and coreutils stay
# for the Kubernetes preStop's /bin/sleep.
FROM ${NODE_IMAGE} AS runtime
RUN rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack \
    /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack \
    /opt/yarn-v* /usr/local/bin/yarn /usr/local/bin/yarnpkg
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY platform/scripts/healthcheck.js /app/healthcheck.js
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 CMD ["node", "/app/healthcheck.js"]

# The flags are build.js's nodeFlags(program) (a test keeps them equal).
FROM runtime AS gateway
COPY --from=gateway-deps /app/node_modules node_modules
COPY --from=build /app/gateway/dist gateway/dist
COPY --from=build /app/web/dist web/dist
CMD ["node", "--enable-source-maps", "--max-semi-space-size=8", "gateway/dist/main.js"]

FROM runtime AS auth
COPY --from=auth-deps /app/node_modules node_modules
COPY --from=build /app/services/auth/dist services/auth/dist
CMD ["node", "--enable-source-maps", "--max-semi-space-size=2", "services/auth/dist/main.js"]

FROM runtime AS content
COPY --from=content-deps /app/node_modules node_modules
COPY --from=build /app/services/content/dist services/content/dist
CMD ["node", "--enable-source-maps", "--max-semi-space-size=2", "services/content/dist/main.js"]

FROM runtime AS linkedin
COPY --from=linkedin-deps /app/node_modules node_modules
COPY --from=build /app/services/linkedin/dist services/linkedin/dist
CMD ["node", "--enable-source-maps", "--max-semi-space-size=2", "services/linkedin/dist/main.js"]

FROM runtime AS scheduler
COPY --from=scheduler-deps /app/node_modules node_modules
COPY --from=build /app/services/scheduler/dist services/scheduler/dist
CMD ["node", "--enable-source-maps", "--max-semi-space-size=2", "services/scheduler/dist/main.js"]

FROM runtime AS billing
COPY --from=billing-deps /app/node_modules node_modules
COPY --from=build /app/services/billing/dist services/billing/dist
CMD ["node", "--enable-source-maps", "--max-semi-space-size=2", "services/billing/dist/main.js"]

FROM runtime AS linkedin-sandbox
COPY --from=linkedin-sandbox-deps /app/node_modules node_modules
COPY --from=build /app/services/linkedin-sandbox/dist services/linkedin-sandbox/dist
CMD ["node", "--enable-source-maps", "--max-semi-space-size=2", "services/linkedin-sandbox/dist/main.js"]

FROM runtime AS billing-sandbox
COPY --from=billing-sandbox-deps /app/node_modules node_modules
COPY --from=build /app/services/billing-sandbox/dist services/billing-sandbox/dist
CMD ["node", "--enable-source-maps", "--max-semi-space-size=2", "services/billing-sandbox/dist/main.js"]
